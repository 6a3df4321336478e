// The dashboard's start page: the greeting, then the user's club at a glance —
// its live and upcoming matches and recent recordings — or, for a system
// administrator without a club, what is live and coming up on the platform.
// Its lists follow the matches' news (useMatchListNews): a match that turns live,
// scores, goes on demand or is made private moves without a reload.
import { useTranslation } from "react-i18next";
import { canOpenSection, type ListStatus } from "@clubcast/shared";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { emptyMessageOf, listStateOf } from "../../lib/list-state.ts";
import { useMatchListNews } from "../../lib/match-news.ts";
import { matchListPath, type Match } from "../../lib/matches.ts";
import { trpc } from "../../lib/trpc.ts";
import { ClubBadge } from "../../ui/ClubBadge.tsx";
import { Greeting } from "../../ui/Greeting.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { MatchCard } from "../../ui/MatchCard.tsx";
import { MatchGridSkeleton } from "../../ui/Skeleton.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import "../../styles/admin.css";
import "../../styles/operations.css";

/** Cards per overview list: one row on a laptop. */
export const OVERVIEW_SIZE = 4;
const firstPage = { page: 1, limit: OVERVIEW_SIZE };

interface OverviewQuery {
  isPending: boolean;
  error: unknown;
  data?: { data: Match[]; message?: string } | undefined;
  refetch: () => unknown;
}

function OverviewList({
  id,
  title,
  query,
  empty,
  emptyHint,
  seeAll,
}: {
  id: string;
  title: string;
  query: OverviewQuery;
  empty: string;
  emptyHint: string;
  seeAll: string;
}) {
  const { t } = useTranslation("admin");
  const state = listStateOf(query);
  return (
    <section className="ops-overview" aria-labelledby={id}>
      <div className="section__header">
        <h2 id={id} className="section__title">
          {title}
        </h2>
        {state === "ready" && (
          <LocalLink to={seeAll} className="section__link">
            {t("overview.see_all")}
            <Icon name="chevronRight" size={16} />
          </LocalLink>
        )}
      </div>
      {state === "loading" && <MatchGridSkeleton count={OVERVIEW_SIZE} />}
      {state === "error" && <ErrorState onRetry={() => void query.refetch()} />}
      {state === "empty" && <EmptyState title={emptyMessageOf(query, empty)} text={emptyHint} />}
      {state === "ready" && (
        <div className="match-grid">
          {query.data!.data.map((match) => (
            <MatchCard key={match.id} match={match} />
          ))}
        </div>
      )}
    </section>
  );
}

/** The matches `queries` show, for the news that concerns them. */
const shownBy = (...queries: OverviewQuery[]) => queries.flatMap((query) => query.data?.data ?? []);

function ClubOverview({ club }: { club: number }) {
  const { t } = useTranslation("admin");
  const auth = useAuth();
  const utils = trpc.useUtils();
  const input = { club, ...firstPage };
  const live = trpc.matches.clubLive.useQuery(input);
  const upcoming = trpc.matches.clubUpcoming.useQuery(input);
  const recorded = trpc.matches.clubRecorded.useQuery(input);
  useMatchListNews(
    () => {
      void utils.matches.clubLive.invalidate();
      void utils.matches.clubUpcoming.invalidate();
      void utils.matches.clubRecorded.invalidate();
    },
    shownBy(live, upcoming, recorded),
  );
  const actor = { scope: auth.scope, permissions: auth.user!.permissions };
  const listPath = (status: ListStatus) =>
    canOpenSection(actor, "scheduler") ? "/dashboard/scheduler" : matchListPath(status);
  return (
    <>
      <OverviewList
        id="overview-live"
        title={t("overview.live")}
        query={live}
        empty={t("overview.empty_live")}
        emptyHint={t("overview.empty_live_hint")}
        seeAll={listPath("live")}
      />
      <OverviewList
        id="overview-upcoming"
        title={t("overview.upcoming")}
        query={upcoming}
        empty={t("overview.empty_upcoming")}
        emptyHint={t("overview.empty_upcoming_hint")}
        seeAll={listPath("upcoming")}
      />
      <OverviewList
        id="overview-recorded"
        title={t("overview.recorded")}
        query={recorded}
        empty={t("overview.empty_recorded")}
        emptyHint={t("overview.empty_recorded_hint")}
        seeAll="/dashboard/recorded"
      />
    </>
  );
}

function PlatformOverview() {
  const { t } = useTranslation("admin");
  const utils = trpc.useUtils();
  const live = trpc.matches.liveStreams.useQuery(firstPage);
  const upcoming = trpc.matches.upcomingStreams.useQuery(firstPage);
  useMatchListNews(
    () => {
      void utils.matches.liveStreams.invalidate();
      void utils.matches.upcomingStreams.invalidate();
    },
    shownBy(live, upcoming),
  );
  return (
    <>
      <OverviewList
        id="overview-live"
        title={t("overview.streams_live")}
        query={live}
        empty={t("overview.empty_live")}
        emptyHint={t("streams.empty_hint")}
        seeAll="/dashboard/streams"
      />
      <OverviewList
        id="overview-upcoming"
        title={t("overview.streams_upcoming")}
        query={upcoming}
        empty={t("overview.empty_upcoming")}
        emptyHint={t("streams.empty_hint")}
        seeAll="/dashboard/streams?list=upcoming"
      />
    </>
  );
}

/** The signed-in user's club with its logo (the user carries only its id and name). */
function OwnClubBadge({ club }: { club: { id: number; name: string } }) {
  const details = trpc.clubs.get.useQuery({ id: club.id }, { staleTime: 5 * 60_000 });
  return (
    <ClubBadge key={details.data?.data.logo ?? "crest"} name={club.name} logo={details.data?.data.logo} size={40} />
  );
}

export default function DashboardHomePage() {
  const { t } = useTranslation(["translation", "admin"]);
  const auth = useAuth();
  const user = auth.user!;
  return (
    <div className="dash-welcome">
      <section className="dash-welcome__card pitch pitch--dark" aria-labelledby="dash-greeting">
        <h2 id="dash-greeting" className="dash-welcome__greeting display">
          <Greeting name={user.first_name} />
        </h2>
        <p className="dash-welcome__intro">{t("dashboard.intro")}</p>
        {user.club ? (
          <p className="dash-welcome__club">
            <OwnClubBadge club={user.club} />
            {t("dashboard.your_club", { club: user.club.name })}
          </p>
        ) : (
          auth.scope !== "system" && <p className="dash-welcome__club">{t("dashboard.no_club")}</p>
        )}
      </section>
      {user.club ? <ClubOverview club={user.club.id} /> : auth.scope === "system" && <PlatformOverview />}
      <nav className="dash-welcome__links" aria-label={t("dashboard.quick_links")}>
        <LocalLink to="/matches" className="quick-link">
          <Icon name="video" size={22} />
          {t("nav.matches")}
        </LocalLink>
        <LocalLink to="/analyze/download" className="quick-link">
          <Icon name="download" size={22} />
          {t("footer.desktop_app")}
        </LocalLink>
        <LocalLink to="/" className="quick-link">
          <Icon name="broadcast" size={22} />
          {t("dashboard.public_site")}
        </LocalLink>
      </nav>
    </div>
  );
}
