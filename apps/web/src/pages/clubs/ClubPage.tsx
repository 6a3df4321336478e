// A club's view (/dashboard/clubs/{id}): its live and upcoming matches as cards
// and its recorded matches as a table leading to each recording; the lists
// follow the matches' news (issue 27).
import { useTranslation } from "react-i18next";
import { PAGINATION } from "@clubcast/shared";
import { emptyMessageOf, listRows, listStateOf } from "../../lib/list-state.ts";
import { useMatchListNews } from "../../lib/match-news.ts";
import { trpc } from "../../lib/trpc.ts";
import type { ClubDetails } from "../../lib/working-club.tsx";
import { DataTable } from "../../ui/DataTable.tsx";
import { MatchCard } from "../../ui/MatchCard.tsx";
import { MatchSection } from "../../ui/MatchSection.tsx";
import { Pagination, usePageParam } from "../../ui/Pagination.tsx";
import { MatchGridSkeleton } from "../../ui/Skeleton.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import { useMatchColumns, useRecordedMatchLink } from "../scheduler/match-columns.tsx";
import { ClubFrame } from "./ClubFrame.tsx";

const CARDS = 4;

function MatchCards({ club, list }: { club: number; list: "live" | "upcoming" }) {
  const { t } = useTranslation("clubs");
  const input = { club, page: 1, limit: CARDS };
  const live = trpc.matches.clubLive.useQuery(input, { enabled: list === "live" });
  const upcoming = trpc.matches.clubUpcoming.useQuery(input, { enabled: list === "upcoming" });
  const query = list === "live" ? live : upcoming;
  const utils = trpc.useUtils();
  const listUtils = list === "live" ? utils.matches.clubLive : utils.matches.clubUpcoming;
  useMatchListNews(() => void listUtils.invalidate(), listRows(query));
  const state = listStateOf(query);
  return (
    <MatchSection id={`club-${list}`} title={t(`overview.${list}`)}>
      {state === "loading" && <MatchGridSkeleton count={CARDS} />}
      {state === "error" && <ErrorState onRetry={() => void query.refetch()} />}
      {state === "empty" && <EmptyState icon="calendar" title={emptyMessageOf(query, t(`overview.empty_${list}`))} />}
      {state === "ready" && (
        <div className="match-grid">
          {query.data!.data.map((match) => (
            <MatchCard key={match.id} match={match} />
          ))}
        </div>
      )}
    </MatchSection>
  );
}

function RecordedMatches({ club }: { club: number }) {
  const { t } = useTranslation("clubs");
  const query = trpc.matches.clubRecorded.useQuery({ club, page: usePageParam(), limit: PAGINATION.defaultLimit });
  const utils = trpc.useUtils();
  useMatchListNews(() => void utils.matches.clubRecorded.invalidate(), listRows(query));
  const state = listStateOf(query);
  const columns = useMatchColumns(useRecordedMatchLink(club));
  return (
    <MatchSection id="club-recorded" title={t("overview.recorded")}>
      {state === "error" ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : (
        <DataTable
          caption={t("overview.recorded")}
          columns={columns}
          rows={listRows(query)}
          rowKey={(match) => match.id}
          loading={state === "loading"}
          empty={<EmptyState title={emptyMessageOf(query, t("overview.empty_recorded"))} />}
        />
      )}
      {state === "ready" && <Pagination meta={query.data!.meta} />}
    </MatchSection>
  );
}

function Overview({ club }: { club: ClubDetails }) {
  return (
    <>
      <MatchCards club={club.id} list="live" />
      <MatchCards club={club.id} list="upcoming" />
      <RecordedMatches club={club.id} />
    </>
  );
}

export default function ClubPage() {
  return <ClubFrame>{(club) => <Overview club={club} />}</ClubFrame>;
}
