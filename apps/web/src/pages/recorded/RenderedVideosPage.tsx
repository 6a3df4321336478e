// The clips and summaries of the working club (/dashboard/recorded/clips and
// /summaries). Those who run the club's clips see the club's whole table,
// filtered by match and team, select rows and act on them in bulk; members see
// what is shared with their teams. Changes made elsewhere (another admin's bulk
// action, a share with the caller's team) arrive as videos.changed and the list
// is read again.
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { canOpenSection, CHANNELS, CLIPS_SECTION, EVENTS, PAGINATION } from "@clubcast/shared";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { useFormatZoned } from "../../lib/dates.ts";
import { emptyMessageOf, listRows, listStateOf } from "../../lib/list-state.ts";
import { sideName } from "../../lib/matches.ts";
import { useChannel } from "../../lib/realtime.ts";
import { trpc, type RouterOutputs } from "../../lib/trpc.ts";
import { ClubPicker, useClubDetails, useWorkingClub } from "../../lib/working-club.tsx";
import { ChoiceSelect } from "../../ui/ChoiceSelect.tsx";
import { DataTable, type DataTableColumn } from "../../ui/DataTable.tsx";
import { PageHeader } from "../../ui/PageHeader.tsx";
import { Pagination, usePageParam } from "../../ui/Pagination.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import { RecordedTabs } from "./RecordedTabs.tsx";
import { useBulkVideoActions, type VideoKind, type VideoRow } from "./useBulkVideoActions.tsx";
import "../../styles/recorded.css";

type Clip = RouterOutputs["clips"]["ofClub"]["data"][number];

/** "0:20", "12:34": a length as the table shows it. */
function lengthOf(ms: number | null): string {
  if (ms === null) return "–";
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

interface Filters {
  match?: number;
  team?: number;
}

/** The page's list: the club's table for its staff, else what is shared with the caller's teams. */
function useVideoList(kind: VideoKind, club: number, manages: boolean, filters: Filters) {
  const page = { page: usePageParam(), limit: PAGINATION.defaultLimit };
  const clips = trpc.clips.ofClub.useQuery({ id: club, ...page, ...filters }, { enabled: manages && kind === "clips" });
  const summaries = trpc.summaries.ofClub.useQuery(
    { club, ...page, ...filters },
    { enabled: manages && kind === "summaries" },
  );
  const sharedClips = trpc.clips.shared.useQuery({ club, ...page }, { enabled: !manages && kind === "clips" });
  const sharedSummaries = trpc.summaries.shared.useQuery(
    { club, ...page },
    { enabled: !manages && kind === "summaries" },
  );
  if (kind === "clips") return manages ? clips : sharedClips;
  return manages ? summaries : sharedSummaries;
}

/**
 * Reads the list again when its club's `kind` change: the staff hear of every change on the club's
 * channel, members of what is shared with their teams on their own.
 */
function useVideoUpdates(kind: VideoKind, club: number, manages: boolean) {
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const channel = manages ? CHANNELS.club(club) : user ? CHANNELS.user(user.id) : null;
  useChannel(channel, {
    [EVENTS.videosChanged]: (changed) => {
      if (changed.club === club && changed.kind === kind) void utils[kind].invalidate();
    },
  });
}

/** A filter of the table: one record, or all ("" chosen). */
function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: number | undefined;
  options: { id: number; name: string }[];
  onChange: (value: number | undefined) => void;
}) {
  const { t } = useTranslation("recorded");
  return (
    <ChoiceSelect
      className="video-filters__field"
      label={label}
      value={value === undefined ? "" : String(value)}
      onChange={(chosen) => onChange(chosen ? Number(chosen) : undefined)}
      placeholder={t("videos.all")}
      options={options}
    />
  );
}

function VideoFilters({ club, filters, onChange }: { club: number; filters: Filters; onChange: (f: Filters) => void }) {
  const { t } = useTranslation("recorded");
  const versus = useVersus();
  const teams = trpc.teams.ofClub.useQuery({ id: club }, { staleTime: 60_000 });
  const matches = trpc.matches.clubRecorded.useQuery(
    { club, page: 1, limit: PAGINATION.maxLimit },
    { staleTime: 60_000 },
  );
  const matchOptions = (matches.data?.data ?? []).map((match) => ({
    id: match.id,
    name: versus(sideName(match.home), sideName(match.away)),
  }));
  return (
    <div className="video-filters">
      <FilterSelect
        label={t("videos.filter_match")}
        value={filters.match}
        options={matchOptions}
        onChange={(match) => onChange({ ...filters, match })}
      />
      <FilterSelect
        label={t("videos.filter_team")}
        value={filters.team}
        options={(teams.data?.data ?? []).map((team) => ({ id: team.id, name: team.fullname }))}
        onChange={(team) => onChange({ ...filters, team })}
      />
    </div>
  );
}

/** "Home – Away" as match titles read, from the sides' names. */
function useVersus() {
  const { t } = useTranslation();
  return useCallback(
    (home: string | null, away: string | null) =>
      t("match.versus", { home: home ?? t("match.unknown_side"), away: away ?? t("match.unknown_side") }),
    [t],
  );
}

function VideoTable({ kind, club }: { kind: VideoKind; club: number }) {
  const { t } = useTranslation("recorded");
  const auth = useAuth();
  const manages = canOpenSection({ scope: auth.scope, permissions: auth.user?.permissions ?? [] }, CLIPS_SECTION);
  const [filters, setFilters] = useState<Filters>({});
  const query = useVideoList(kind, club, manages, filters);
  useVideoUpdates(kind, club, manages);
  const state = listStateOf(query);
  const timezone = useClubDetails(club).data?.data.timezone ?? "UTC";
  const formatZoned = useFormatZoned();
  const versus = useVersus();
  const titleOf = (row: VideoRow) => versus(row.match.home_name, row.match.away_name);
  const nameOf = (row: VideoRow) =>
    "marker" in row ? `${titleOf(row)} – ${(row as Clip).marker.label}` : `${titleOf(row)} – ${t("videos.summary")}`;
  const { bulkActions, dialog } = useBulkVideoActions(kind, club);

  const columns = useMemo<DataTableColumn<VideoRow>[]>(
    () => [
      {
        key: "match",
        header: t("videos.columns.match"),
        primary: true,
        cell: (row) => (
          <>
            {versus(row.match.home_name, row.match.away_name)}
            <span className="video-table__when">{formatZoned({ date: row.match.starting_at, timezone }, "card")}</span>
          </>
        ),
      },
      ...(kind === "clips"
        ? [{ key: "label", header: t("videos.columns.label"), cell: (row: VideoRow) => (row as Clip).marker.label }]
        : []),
      { key: "length", header: t("videos.columns.length"), align: "end", cell: (row) => lengthOf(row.length_ms) },
      {
        key: "state",
        header: t("videos.columns.state"),
        cell: (row) => (
          <>
            {t(`videos.states.${row.state}`)}
            {row.is_private && <span className="video-table__private">{t("videos.private")}</span>}
          </>
        ),
      },
      {
        key: "created",
        header: t("videos.columns.created"),
        cell: (row) => formatZoned({ date: row.created_at, timezone }, "card"),
      },
    ],
    [formatZoned, kind, t, timezone, versus],
  );

  if (state === "error") return <ErrorState onRetry={() => void query.refetch()} />;
  return (
    <>
      {manages && <VideoFilters club={club} filters={filters} onChange={setFilters} />}
      <DataTable<VideoRow>
        caption={t(`videos.${kind}_table`)}
        columns={columns}
        rows={listRows<VideoRow>(query)}
        rowKey={(row) => row.id}
        rowLabel={nameOf}
        loading={state === "loading"}
        bulkActions={manages ? bulkActions : undefined}
        empty={
          <EmptyState title={emptyMessageOf(query, t(`videos.${kind}_empty`))} text={t(`videos.${kind}_empty_text`)} />
        }
        rowActions={(row) =>
          row.video_url ? (
            <a
              className="button button--ghost button--small"
              href={row.video_url}
              aria-label={t("videos.watch_named", { name: nameOf(row) })}
            >
              {t("videos.watch")}
            </a>
          ) : null
        }
      />
      {state === "ready" && <Pagination meta={query.data!.meta} />}
      {dialog}
    </>
  );
}

export function RenderedVideosPage({ kind }: { kind: VideoKind }) {
  const { t } = useTranslation("recorded");
  const { clubId, chooseClub } = useWorkingClub();
  const club = useClubDetails(clubId);
  return (
    <>
      <PageHeader title={t(`videos.${kind}_title`)} subtitle={club.data?.data.name ?? t("subtitle")}>
        <ClubPicker value={clubId} onChange={chooseClub} />
      </PageHeader>
      <RecordedTabs />
      {clubId === null ? <EmptyState icon="trophy" title={t("no_club")} /> : <VideoTable kind={kind} club={clubId} />}
    </>
  );
}

export const ClipsPage = () => <RenderedVideosPage kind="clips" />;
export const SummariesPage = () => <RenderedVideosPage kind="summaries" />;
