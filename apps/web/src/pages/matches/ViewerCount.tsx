// How many people watch a live match now, and the most at once so far.
import { useTranslation } from "react-i18next";
import { Icon } from "../../ui/Icon.tsx";
import { useLiveViewers, type ViewerFigures } from "../../lib/viewers.ts";

export function ViewerCount({ figures }: { figures: ViewerFigures | null }) {
  const { t } = useTranslation();
  if (!figures) return null;
  return (
    <span className="viewer-count" data-testid="viewers">
      <Icon name="users" size={16} />
      {t("match.viewers", { count: figures.watching })}
      <span className="viewer-count__peak">{t("match.viewers_peak", { count: figures.peak })}</span>
    </span>
  );
}

/** A live match's figures where the page shows no player of its own (the Streams page's rows). */
export function LiveViewerCount({ match }: { match: number }) {
  return <ViewerCount figures={useLiveViewers(match)} />;
}
