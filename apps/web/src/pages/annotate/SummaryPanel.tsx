// The annotation screen's view of the match's highlight summary: its state
// (queued and the clips it waits for, building with a percentage, ready,
// failed with the reason), kept current by summary.updated and the clips'
// updates, the last built video, and for those who run the club's clips (club
// admins) a button that rebuilds it now.
import { useTranslation } from "react-i18next";
import { CHANNELS, CLIPS_SECTION, canOpenSection } from "@clubcast/shared";
import { useAuth } from "../../auth/AuthProvider.tsx";
import type { Match } from "../../lib/matches.ts";
import { useChannel } from "../../lib/realtime.ts";
import { failureMessage } from "../../lib/server-errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { Icon } from "../../ui/Icon.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { useToast } from "../../ui/Toasts.tsx";
import { SummaryVideo, useMatchSummary } from "../matches/SummaryVideo.tsx";
import { progressed, RenderState } from "./RenderState.tsx";

export function SummaryPanel({ match, title }: { match: Match; title: string }) {
  const { t } = useTranslation("annotate");
  const toast = useToast();
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const { query, summary } = useMatchSummary(match.id);
  const rebuild = trpc.summaries.rebuild.useMutation();
  const key = { id: match.id };
  const reload = (payload: { match: number }) => {
    if (payload.match === match.id) void utils.summaries.ofMatch.invalidate(key);
  };
  useChannel(CHANNELS.match(match.id), {
    // Its progress moves with each update; a new state is read again.
    "summary.updated": (payload) => {
      if (payload.match !== match.id) return;
      const shown = utils.summaries.ofMatch.getData(key)?.data;
      const moved = shown?.id === payload.summary ? progressed(shown, payload) : null;
      if (moved) utils.summaries.ofMatch.setData(key, { data: moved });
      else reload(payload);
    },
    "summary.changed": reload,
    // A clip queued, cut or failed changes how many clips the summary waits for (not its progress).
    "clip.updated": (payload) => {
      if (payload.state !== "cutting") reload(payload);
    },
    "clip.changed": reload,
  });
  const mayRebuild = user !== null && canOpenSection(user, CLIPS_SECTION) && match.create_summary;

  const ask = async () => {
    try {
      const answer = await rebuild.mutateAsync({ id: match.id });
      utils.summaries.ofMatch.setData(key, { data: answer.data });
      toast.success(answer.message);
    } catch (error) {
      toast.error(failureMessage(error, t("summary.rebuild_failed")));
    }
  };

  return (
    <section className="summary-panel" aria-labelledby="summary-title">
      <h2 id="summary-title" className="annotate__heading">
        {t("summary.title")}
      </h2>
      {query.isPending ? (
        <Skeleton height={48} />
      ) : summary ? (
        <RenderState
          video={summary}
          texts="summary"
          className="summary-panel__state"
          queued={summary.clips_waiting ? t("summary.waiting_for_clips", { count: summary.clips_waiting }) : undefined}
        />
      ) : (
        <p className="summary-panel__state">{t("summary.none")}</p>
      )}
      {summary?.video_url && (
        <SummaryVideo
          src={summary.video_url}
          poster={summary.poster_url}
          label={t("summary.video_label", { match: title })}
        />
      )}
      {mayRebuild && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void ask()}
          disabled={rebuild.isPending}
        >
          <Icon name="refresh" size={18} />
          {t("summary.rebuild")}
        </button>
      )}
    </section>
  );
}
