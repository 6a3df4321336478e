// The columns a table of matches shows (scheduler and recorded lists): the
// pairing, kick-off in the club's timezone, field, status and what is special
// about it (private, shared, training).
import { useCallback, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useCommandProgress } from "../../lib/command-progress.ts";
import { useFormatZoned } from "../../lib/dates.ts";
import { matchPath, sideName, type Match } from "../../lib/matches.ts";
import type { DataTableColumn } from "../../ui/DataTable.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { StatusPill } from "../../ui/StatusPill.tsx";
import "../../styles/scheduler.css";

/** "Home vs Away", with the translated placeholder for a side without club or team. */
export function useMatchTitle(): (match: Match) => string {
  const { t } = useTranslation();
  return useCallback(
    (match) =>
      t("match.versus", {
        home: sideName(match.home) ?? t("match.unknown_side"),
        away: sideName(match.away) ?? t("match.unknown_side"),
      }),
    [t],
  );
}

/** Where and when a match is played: told apart from another of the same clubs by it. */
export function useMatchPlace(): (match: Match) => string {
  const { t } = useTranslation("scheduler");
  const formatZoned = useFormatZoned();
  return useCallback(
    (match) => t("place", { when: formatZoned(match.starting_at, "card"), field: match.field?.name ?? t("no_field") }),
    [t, formatZoned],
  );
}

/** The last camera command this user asked for on the match, while it is pending or once it failed. */
function CommandProgressNote({ match }: { match: number }) {
  const { t } = useTranslation("scheduler");
  const progress = useCommandProgress(match);
  if (!progress) return null;
  if (progress.state === "pending") {
    return <span className="command-progress">{t(`progress.pending.${progress.command}`)}</span>;
  }
  return (
    <span className="command-progress command-progress--failed">
      <Icon name="alert" size={14} />
      {t("progress.failed", {
        operation: t(progress.command ? `actions.${progress.command}` : "progress.operation"),
        detail: progress.detail ?? t("progress.no_answer"),
      })}
    </span>
  );
}

export function MatchBadges({ match }: { match: Match }) {
  const { t } = useTranslation("scheduler");
  return (
    <span className="match-badges">
      <StatusPill status={match.status} problem={match.recording_problem} awaitingVideo={match.awaiting_video} />
      {match.is_private && (
        <span className="match-badge match-badge--private">
          <Icon name="lock" size={13} />
          {t("badges.private")}
        </span>
      )}
      {(match.shared_with.club || match.shared_with.opponent) && (
        <span className="match-badge">
          <Icon name="share" size={13} />
          {match.shared_with.club ? match.shared_with.club.name : t("badges.opponent")}
        </span>
      )}
      {match.is_training && <span className="match-badge">{t("badges.training")}</span>}
      <CommandProgressNote match={match.id} />
    </span>
  );
}

export function useMatchColumns(renderTitle?: (match: Match, title: string) => ReactNode): DataTableColumn<Match>[] {
  const { t } = useTranslation("scheduler");
  const formatZoned = useFormatZoned();
  const titleOf = useMatchTitle();
  return useMemo(
    () => [
      {
        key: "match",
        header: t("columns.match"),
        primary: true,
        cell: (match) => (renderTitle ? renderTitle(match, titleOf(match)) : titleOf(match)),
      },
      {
        key: "when",
        header: t("columns.when"),
        cell: (match) => <time dateTime={match.starting_at.date}>{formatZoned(match.starting_at, "card")}</time>,
      },
      { key: "field", header: t("columns.field"), cell: (match) => match.field?.name ?? "–" },
      { key: "status", header: t("columns.status"), cell: (match) => <MatchBadges match={match} /> },
    ],
    [t, formatZoned, titleOf, renderTitle],
  );
}

/**
 * Whether the match's on-demand video is there: what the annotation screen annotates (a live or processing
 * match has none yet). Here, not in lib/matches.ts: only dashboard pages ask, the public home doesn't load it.
 */
export function hasOnDemandVideo(match: Pick<Match, "vod_hls_url">): boolean {
  return match.vod_hls_url !== null;
}

/** A recorded match's page, under the club whose recordings list it. */
export const recordedMatchPath = (club: number, match: number) => `/dashboard/clubs/${club}/recorded/${match}`;

/** Renders a match's title as the link to `pathOf` it (a `renderTitle` for useMatchColumns). */
function titleLink(pathOf: (match: Match) => string) {
  return (match: Match, title: string) => (
    <LocalLink to={pathOf(match)} className="text-link">
      {title}
    </LocalLink>
  );
}

/** A recorded match's title as the link to its page under the club. */
export function useRecordedMatchLink(club: number) {
  return useMemo(() => titleLink((match) => recordedMatchPath(club, match.id)), [club]);
}

/**
 * A scheduled or live match's title as the link to its page: where, during the match, its staff watch it,
 * enter the score and see why a camera was refused.
 */
export const matchPageLink = titleLink((match) => matchPath(match.id));
