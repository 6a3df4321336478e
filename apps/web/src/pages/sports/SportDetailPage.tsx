import { useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { sportLabel } from "../../lib/sports.ts";
import { httpStatusOf, trpc } from "../../lib/trpc.ts";
import { Icon } from "../../ui/Icon.tsx";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { PageHeader } from "../../ui/PageHeader.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { SportIcon } from "../../ui/SportIcon.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import { MatchBrowser } from "../matches/MatchBrowser.tsx";
import "../../styles/sports.css";

export default function SportDetailPage() {
  const { t } = useTranslation();
  const { sport: ref = "" } = useParams();
  const sport = trpc.sports.get.useQuery({ sport: ref });
  const label = sport.data ? sportLabel(sport.data.data, t) : null;
  useDocumentTitle(label);

  const back = (
    <LocalLink to="/sports" className="back-link">
      <Icon name="chevronLeft" size={16} />
      {t("sports.back")}
    </LocalLink>
  );
  if (sport.isPending) {
    return (
      <div aria-busy="true">
        {back}
        <Skeleton width="40%" height={40} />
      </div>
    );
  }
  if (sport.isError) {
    return (
      <>
        {back}
        {httpStatusOf(sport.error) === 404 ? (
          <EmptyState title={t("sports.not_found")} icon="trophy" />
        ) : (
          <ErrorState onRetry={() => void sport.refetch()} />
        )}
      </>
    );
  }
  return (
    <>
      {back}
      <PageHeader
        title={
          <span className="sport-title">
            <span className="sport-title__icon">
              <SportIcon type={sport.data.data.type} size={40} />
            </span>
            {label}
          </span>
        }
        subtitle={t("sports.matches_of", { sport: label })}
      />
      <MatchBrowser sport={sport.data.data.slug} />
    </>
  );
}
