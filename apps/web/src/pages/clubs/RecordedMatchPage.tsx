// A recorded match (/dashboard/clubs/{id}/recorded/{videoid}): its on-demand
// video, details, the operations the club's scheduler allows (share, privacy,
// restore, delete) and, once its on-demand video is there, the way to the
// annotation screen.
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { canOpenSection } from "@clubcast/shared";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { useLocalize } from "../../i18n/useLocale.ts";
import { useFormatZoned } from "../../lib/dates.ts";
import { showsScore, type Match } from "../../lib/matches.ts";
import { Icon } from "../../ui/Icon.tsx";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import { VideoPlayer } from "../matches/VideoPlayer.tsx";
import { MatchActions } from "../scheduler/MatchActions.tsx";
import { hasOnDemandVideo, MatchBadges, recordedMatchPath, useMatchTitle } from "../scheduler/match-columns.tsx";
import { ClubFrame } from "./ClubFrame.tsx";
import { useRecordedMatch } from "./route-params.ts";
import "../../styles/match.css";

function RecordingStage({ match, title }: { match: Match; title: string }) {
  const { t } = useTranslation("clubs");
  if (match.vod_hls_url) {
    return <VideoPlayer src={match.vod_hls_url} live={false} label={t("recorded.video_label", { match: title })} />;
  }
  return (
    <div className="stage pitch pitch--dark">
      <p className="stage__message">
        {match.recording_problem
          ? t("recorded.nothing_recorded")
          : match.status === "processing"
            ? t("recorded.processing")
            : t("recorded.no_video")}
      </p>
    </div>
  );
}

function Facts({ match }: { match: Match }) {
  const { t } = useTranslation("clubs");
  const formatZoned = useFormatZoned();
  const rows: [string, string][] = [
    [t("recorded.kick_off"), formatZoned(match.starting_at, "full")],
    [t("recorded.field"), match.field?.name ?? "–"],
    [t("recorded.owner"), match.club.name],
    [t("recorded.summary"), match.create_summary ? t("recorded.yes") : t("recorded.no")],
  ];
  return (
    <dl className="facts">
      {rows.map(([label, value]) => (
        <div key={label} className="facts__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function RecordedMatch({ club, match }: { club: number; match: Match }) {
  const { t } = useTranslation("clubs");
  const auth = useAuth();
  const navigate = useNavigate();
  const localize = useLocalize();
  const title = useMatchTitle()(match);
  const manages =
    match.club.id === club &&
    canOpenSection({ scope: auth.scope, permissions: auth.user?.permissions ?? [] }, "scheduler");
  return (
    <article className="recorded-match">
      <div className="recorded-match__stage">
        <RecordingStage match={match} title={title} />
      </div>
      <aside className="recorded-match__panel">
        <MatchBadges match={match} />
        <h2 className="recorded-match__title">{title}</h2>
        {showsScore(match) && (
          <p className="recorded-match__score display" aria-label={t("recorded.score")}>
            {match.home.score} – {match.away.score}
          </p>
        )}
        <Facts match={match} />
        <div className="recorded-match__actions">
          {hasOnDemandVideo(match) && (
            <LocalLink to={`${recordedMatchPath(club, match.id)}/annotate`} className="button button--primary">
              <Icon name="flag" size={18} />
              {t("recorded.annotate")}
            </LocalLink>
          )}
          {manages && (
            <MatchActions
              match={match}
              title={title}
              onDeleted={() => navigate(localize(`/dashboard/recorded?club=${club}`))}
            />
          )}
        </div>
      </aside>
    </article>
  );
}

export default function RecordedMatchPage() {
  const { t } = useTranslation("clubs");
  const { query, missing } = useRecordedMatch();
  const title = useMatchTitle();
  return (
    <ClubFrame title={query.data ? title(query.data) : undefined}>
      {(club) =>
        missing ? (
          <EmptyState icon="video" title={t("recorded.not_found")} />
        ) : query.isError ? (
          <ErrorState onRetry={() => void query.refetch()} />
        ) : query.data ? (
          <RecordedMatch club={club.id} match={query.data} />
        ) : (
          <div className="recorded-match" aria-busy="true">
            <div className="stage skeleton-block" />
            <Skeleton height={240} />
          </div>
        )
      }
    </ClubFrame>
  );
}
