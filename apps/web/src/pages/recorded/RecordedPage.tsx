// Recorded (/dashboard/recorded): the working club's recorded matches, with
// their summaries, in a table. Those who run the club's scheduler select rows
// and make them private or public, share or delete them in bulk, or use a
// match's own actions menu (sharing with the opponent, say). The club's staff get
// each on-demand match's MP4 there (or "Preparing download…").
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { canOpenSection, PAGINATION } from "@clubcast/shared";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { emptyMessageOf, listRows, listStateOf } from "../../lib/list-state.ts";
import { isStaffOf, type Match } from "../../lib/matches.ts";
import { trpc } from "../../lib/trpc.ts";
import { ClubPicker, useClubDetails, useWorkingClub } from "../../lib/working-club.tsx";
import { DataTable, type DataTableColumn } from "../../ui/DataTable.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { PageHeader } from "../../ui/PageHeader.tsx";
import { Pagination, usePageParam } from "../../ui/Pagination.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import { MatchDownload } from "../matches/MatchDownload.tsx";
import { MatchActions } from "../scheduler/MatchActions.tsx";
import {
  hasOnDemandVideo,
  recordedMatchPath,
  useMatchColumns,
  useMatchTitle,
  useRecordedMatchLink,
} from "../scheduler/match-columns.tsx";
import { RecordedTabs } from "./RecordedTabs.tsx";
import { useBulkMatchActions } from "./useBulkMatchActions.tsx";
import "../../styles/recorded.css";

const ownMatches = (club: number) => (rows: Match[]) => rows.filter((match) => match.club.id === club);

function RecordedTable({ club }: { club: number }) {
  const { t } = useTranslation("recorded");
  const auth = useAuth();
  const manages = canOpenSection({ scope: auth.scope, permissions: auth.user?.permissions ?? [] }, "scheduler");
  const query = trpc.matches.clubRecorded.useQuery({ club, page: usePageParam(), limit: PAGINATION.defaultLimit });
  const state = listStateOf(query);
  const titleOf = useMatchTitle();
  const matchColumns = useMatchColumns(useRecordedMatchLink(club));
  const columns = useMemo<DataTableColumn<Match>[]>(
    () => [
      ...matchColumns,
      {
        key: "summary",
        header: t("columns.summary"),
        cell: (match) => (match.create_summary ? t("summary.yes") : t("summary.no")),
      },
    ],
    [matchColumns, t],
  );
  // Matches shared with the club are another club's to change.
  const { bulkActions, dialog } = useBulkMatchActions(club, ownMatches(club));

  if (state === "error") return <ErrorState onRetry={() => void query.refetch()} />;
  return (
    <>
      <DataTable
        caption={t("table")}
        columns={columns}
        rows={listRows(query)}
        rowKey={(match) => match.id}
        rowLabel={titleOf}
        loading={state === "loading"}
        bulkActions={manages ? bulkActions : undefined}
        empty={<EmptyState title={emptyMessageOf(query, t("empty"))} text={t("empty_text")} />}
        rowActions={(match) => (
          <>
            {/* A match still being processed has no video to annotate yet. */}
            {hasOnDemandVideo(match) && (
              <LocalLink
                to={`${recordedMatchPath(club, match.id)}/annotate`}
                className="button button--ghost button--small"
                aria-label={t("annotate_match", { match: titleOf(match) })}
              >
                <Icon name="flag" size={16} />
                {t("annotate")}
              </LocalLink>
            )}
            {isStaffOf(auth.user, match.club.id) && <MatchDownload match={match} small />}
            {/* The scheduler's own menu: sharing with the opponent takes no club to pick. */}
            {manages && match.club.id === club && <MatchActions match={match} title={titleOf(match)} />}
          </>
        )}
      />
      {state === "ready" && <Pagination meta={query.data!.meta} />}
      {dialog}
    </>
  );
}

export default function RecordedPage() {
  const { t } = useTranslation("recorded");
  const { clubId, chooseClub } = useWorkingClub();
  const club = useClubDetails(clubId);
  return (
    <>
      <PageHeader title={t("title")} subtitle={club.data?.data.name ?? t("subtitle")}>
        <ClubPicker value={clubId} onChange={chooseClub} />
      </PageHeader>
      <RecordedTabs />
      {clubId === null ? <EmptyState icon="trophy" title={t("no_club")} /> : <RecordedTable club={clubId} />}
    </>
  );
}
