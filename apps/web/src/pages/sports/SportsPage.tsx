import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { sportLabel } from "../../lib/sports.ts";
import { trpc } from "../../lib/trpc.ts";
import { Icon } from "../../ui/Icon.tsx";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { PageHeader } from "../../ui/PageHeader.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { SportIcon } from "../../ui/SportIcon.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import "../../styles/sports.css";

export default function SportsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("sports.title"));
  const sports = trpc.sports.list.useQuery();

  let content;
  if (sports.isPending) {
    content = (
      <div className="sport-grid" aria-busy="true">
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} className="sport-tile sport-tile--skeleton" aria-hidden="true">
            <Skeleton width={56} height={56} round />
            <Skeleton width="60%" height={20} />
          </div>
        ))}
      </div>
    );
  } else if (sports.isError) {
    content = <ErrorState onRetry={() => void sports.refetch()} />;
  } else if (sports.data.data.length === 0) {
    content = <EmptyState title={sports.data.message ?? t("sports.empty")} icon="trophy" />;
  } else {
    content = (
      <ul className="sport-grid">
        {sports.data.data.map((sport) => {
          const label = sportLabel(sport, t);
          return (
            <li key={sport.id}>
              <LocalLink to={`/sports/${sport.slug}`} className="sport-tile">
                <span className="sport-tile__icon">
                  <SportIcon type={sport.type} />
                </span>
                <span className="sport-tile__name">{label}</span>
                <span className="sport-tile__cta">
                  {t("sports.open", { sport: label })}
                  <Icon name="chevronRight" size={16} />
                </span>
              </LocalLink>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <>
      <PageHeader title={t("sports.title")} subtitle={t("sports.subtitle")} />
      {content}
    </>
  );
}
