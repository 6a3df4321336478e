// A paged grid of club cards, each leading to the club's view.
import { useTranslation } from "react-i18next";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { ClubBadge } from "../../ui/ClubBadge.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { Pagination } from "../../ui/Pagination.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import "../../styles/clubs.css";

type ClubPage = RouterOutputs["clubs"]["active"];
type ClubCardData = ClubPage["data"][number];

function ClubCard({ club }: { club: ClubCardData }) {
  const { t } = useTranslation("clubs");
  return (
    <li className="club-card">
      <ClubBadge name={club.name} logo={club.logo} size={56} />
      <div className="club-card__body">
        <h2 className="club-card__name">
          <LocalLink to={`/dashboard/clubs/${club.id}`} className="club-card__link">
            {club.name}
          </LocalLink>
        </h2>
        <p className="club-card__meta">
          {club.sport.name} · {club.country_short}
        </p>
      </div>
      {club.activated === 0 ? (
        <span className="club-card__state club-card__state--inactive">{t("inactive")}</span>
      ) : (
        <Icon name="chevronRight" size={20} className="club-card__chevron" />
      )}
    </li>
  );
}

interface ClubGridProps {
  query: { data?: ClubPage | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
  /** Shown when the server sends no text of its own for an empty page. */
  emptyTitle: string;
}

export function ClubGrid({ query, emptyTitle }: ClubGridProps) {
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  if (query.isPending) {
    return (
      <ul className="club-grid" aria-busy="true">
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index} className="club-card">
            <Skeleton width={56} height={56} round />
            <div className="club-card__body">
              <Skeleton width="70%" height={18} />
              <Skeleton width="40%" />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  const clubs = query.data?.data ?? [];
  if (clubs.length === 0) return <EmptyState icon="trophy" title={query.data?.message ?? emptyTitle} />;
  return (
    <>
      <ul className="club-grid">
        {clubs.map((club) => (
          <ClubCard key={club.id} club={club} />
        ))}
      </ul>
      {query.data && <Pagination meta={query.data.meta} />}
    </>
  );
}
