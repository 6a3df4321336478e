// The scheduler (/dashboard/scheduler): the working club's live, upcoming and
// unscheduled matches, each list paged in its own bottom bar; creating and
// editing matches and every operation on them; a live match's score on its
// row. Lists follow the worker's outcomes: a user.message about a match
// fetches them again, and a command that failed on the club's channel shows
// on its row. They follow the matches' own news too: a started match turns
// live when its camera's video comes, after the outcome was told.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CHANNELS, PAGINATION } from "@clubcast/shared";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { emptyMessageOf, listRows, listStateOf } from "../../lib/list-state.ts";
import { commandSettled } from "../../lib/command-progress.ts";
import { useMatchNews } from "../../lib/match-news.ts";
import type { Match } from "../../lib/matches.ts";
import { useChannel } from "../../lib/realtime.ts";
import { useToast } from "../../ui/Toasts.tsx";
import { trpc } from "../../lib/trpc.ts";
import { ClubPicker, useClubDetails, useWorkingClub, type ClubDetails } from "../../lib/working-club.tsx";
import { DataTable } from "../../ui/DataTable.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { PageHeader } from "../../ui/PageHeader.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { Pagination, usePageParam } from "../../ui/Pagination.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import { LiveScoreButton } from "./LiveScoreButton.tsx";
import { MatchActions } from "./MatchActions.tsx";
import { MatchEditor } from "./MatchEditor.tsx";
import { matchPageLink, useMatchColumns, useMatchTitle } from "./match-columns.tsx";
import "../../styles/scheduler.css";

const LISTS = ["live", "upcoming", "unscheduled"] as const;
type SchedulerList = (typeof LISTS)[number];

function useClubList(list: SchedulerList, club: number, page: number) {
  const input = { club, page, limit: PAGINATION.defaultLimit };
  const live = trpc.matches.clubLive.useQuery(input, { enabled: list === "live" });
  const upcoming = trpc.matches.clubUpcoming.useQuery(input, { enabled: list === "upcoming" });
  const unscheduled = trpc.matches.clubUnscheduled.useQuery(input, { enabled: list === "unscheduled" });
  return { live, upcoming, unscheduled }[list];
}

function MatchList({ list, club, onEdit }: { list: SchedulerList; club: number; onEdit: (match: Match) => void }) {
  const { t } = useTranslation("scheduler");
  const param = `${list}_page`;
  const query = useClubList(list, club, usePageParam(param));
  const state = listStateOf(query);
  const columns = useMatchColumns(matchPageLink);
  const titleOf = useMatchTitle();
  const headingId = `scheduler-${list}`;
  return (
    <section className="scheduler__list" aria-labelledby={headingId}>
      <h2 id={headingId} className="scheduler__heading">
        {list === "live" && <span className="status-pill__dot scheduler__live-dot" aria-hidden="true" />}
        {t(`lists.${list}`)}
        {state === "ready" && <span className="scheduler__count">{query.data!.meta.total}</span>}
      </h2>
      {state === "error" ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : (
        <DataTable
          caption={t(`lists.${list}`)}
          columns={columns}
          rows={listRows(query)}
          rowKey={(match) => match.id}
          loading={state === "loading"}
          skeletonRows={2}
          empty={<EmptyState icon="calendarClock" title={emptyMessageOf(query, t(`empty.${list}`))} />}
          rowActions={(match) => (
            <>
              {list === "live" && <LiveScoreButton match={match} title={titleOf(match)} />}
              <MatchActions match={match} title={titleOf(match)} onEdit={onEdit} />
            </>
          )}
        />
      )}
      {state === "ready" && <Pagination meta={query.data!.meta} param={param} />}
    </section>
  );
}

function ClubScheduler({ club }: { club: ClubDetails }) {
  const { t } = useTranslation("scheduler");
  const { t: common } = useTranslation();
  const toast = useToast();
  const utils = trpc.useUtils();
  const user = useAuth().user!;
  // null: closed; "new": a new match; else the match being edited.
  const [editing, setEditing] = useState<Match | "new" | null>(null);

  useChannel(CHANNELS.user(user.id), {
    "user.message": (message) => {
      if (message.match !== undefined) void utils.matches.invalidate();
    },
  });
  // A match whose camera's video came is live now, after its start was told (scores stay on their rows).
  useMatchNews(CHANNELS.matchLists, { readAgain: () => void utils.matches.invalidate(), showsScoreOf: () => false });
  // A colleague's command that failed shows on its row here too; a match whose camera recorded
  // nothing is told, and its row reads "No video".
  useChannel(CHANNELS.club(club.id), {
    "match.command_failed": ({ match, detail }) => commandSettled(match, { detail }),
    "match.recording_problem": ({ problem }) => {
      toast.error(common(`match.recording_problem.${problem}`));
      void utils.matches.invalidate();
    },
  });

  return (
    <>
      <div className="scheduler__toolbar">
        <p className="scheduler__timezone">
          <Icon name="clock" size={16} />
          {t("timezone", { timezone: club.timezone })}
        </p>
        <button type="button" className="button button--primary" onClick={() => setEditing("new")}>
          <Icon name="plus" size={18} />
          {t("new_match")}
        </button>
      </div>
      {LISTS.map((list) => (
        <MatchList key={list} list={list} club={club.id} onEdit={setEditing} />
      ))}
      {editing !== null && (
        <MatchEditor club={club} match={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}

export default function SchedulerPage() {
  const { t } = useTranslation("scheduler");
  const { clubId, chooseClub } = useWorkingClub();
  const club = useClubDetails(clubId);
  return (
    <div className="scheduler">
      <PageHeader title={t("title")} subtitle={club.data?.data.name ?? t("subtitle")}>
        <ClubPicker value={clubId} onChange={chooseClub} />
      </PageHeader>
      {clubId === null ? (
        <EmptyState icon="trophy" title={t("no_club")} text={t("no_club_text")} />
      ) : club.isError ? (
        <ErrorState onRetry={() => void club.refetch()} />
      ) : club.data ? (
        <ClubScheduler club={club.data.data} />
      ) : (
        <div className="scheduler__loading" aria-busy="true">
          <Skeleton height={56} />
          <Skeleton height={56} />
          <Skeleton height={56} />
        </div>
      )}
    </div>
  );
}
