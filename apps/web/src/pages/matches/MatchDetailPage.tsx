// One match: live HLS while live, on-demand HLS afterwards, a flip-clock
// countdown before kick-off; a still from the video where there is no player,
// and the MP4 download for the club's staff once the match is on demand
// ("Preparing download…" while the worker makes it). The
// page lives with the match (issue 27, useMatchNews): its news has the match
// read again, so it turns live, scores, goes on demand or is rescheduled
// without a reload; when the server takes the page out of the match's channel
// (made private, deleted) its 404 replaces the player with a message. An on-demand match's highlight summary plays below the video once it is
// built (summary.updated brings a new one; summary.changed has it read again
// after it was made private or public, shared or deleted, and tells of a private
// one's build). While a match is scheduled or live, the club's streams staff see
// why the media gateway refused a camera on its field; once it kicked off, staff
// who may score it set the score under the scoreboard. A live match's player
// goes back to kick-off and returns to the live edge; a signed-in viewer's own
// markers jump it, live or on demand. Matches the visitor may
// not see answer 404 and read "No match found".
import { Suspense, useEffect, useRef, useState, type RefObject } from "react";
import { useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { canOpenClubPages, canOpenSection, CHANNELS } from "@clubcast/shared";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { useFormatZoned } from "../../lib/dates.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { isStaffOf, scoringClubOf, showsScore, sideName, type Match, type MatchSide } from "../../lib/matches.ts";
import { useMatchNews } from "../../lib/match-news.ts";
import { useViewers } from "../../lib/viewers.ts";
import { httpStatusOf, trpc } from "../../lib/trpc.ts";
import { ClubBadge } from "../../ui/ClubBadge.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { PosterImage } from "../../ui/MatchCard.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import { StatusPill } from "../../ui/StatusPill.tsx";
import { FlipClock } from "./FlipClock.tsx";
import { MatchDownload } from "./MatchDownload.tsx";
import { MatchMarkers } from "./MatchMarkers.tsx";
import { ScoreControl } from "./ScoreControl.tsx";
import { ShareButton } from "./ShareButton.tsx";
import { SummaryVideo, useMatchSummary } from "./SummaryVideo.tsx";
import { routeId } from "../../lib/route-id.ts";
import { loadPlayerCode } from "./player-code.ts";
import { VideoPlayer, type Frame } from "./VideoPlayer.tsx";
import { frameScore } from "./frame-score.ts";
import { ViewerCount } from "./ViewerCount.tsx";
import { MatchRefusals } from "../admin/PublishRefusals.tsx";
import "../../styles/match.css";

interface StageProps {
  match: Match;
  title: string;
  staff: boolean;
  /** The player's video element, for the markers that jump it. */
  video: RefObject<HTMLVideoElement | null>;
  /** Told the frame shown, for the score at that frame. */
  onFrame: (frame: Frame) => void;
}

function Stage({ match, title, staff, video, onFrame }: StageProps) {
  const { t } = useTranslation();
  const label = t("match.video_label", { match: title });
  if (match.status === "live" && match.live_hls_url)
    return <VideoPlayer ref={video} src={match.live_hls_url} live label={label} onFrame={onFrame} />;
  if (match.status === "vod" && match.vod_hls_url)
    return (
      <VideoPlayer
        ref={video}
        src={match.vod_hls_url}
        live={false}
        label={label}
        poster={match.poster_url}
        onFrame={onFrame}
      />
    );
  let content;
  if (match.awaiting_video) content = <p className="stage__message">{t("match.awaiting_video")}</p>;
  else if (match.status === "scheduled" || match.status === "unscheduled")
    content = <FlipClock target={match.starting_at.date} />;
  // Nothing was recorded: the club's staff read why; everyone else that there is no video.
  else if (match.recording_problem)
    content = <p className="stage__message">{t(staff ? "match.nothing_recorded" : "match.no_recording")}</p>;
  else if (match.status === "processing") content = <p className="stage__message">{t("match.processing")}</p>;
  else content = <p className="stage__message">{t("match.no_video")}</p>;
  return (
    <div className="stage pitch pitch--dark">
      {match.poster_url && (
        <PosterImage
          key={match.poster_url}
          src={match.poster_url}
          alt={t("match.poster_alt", { match: title })}
          className="stage__image"
        />
      )}
      {content}
    </div>
  );
}

function Highlights({ match, title }: { match: Match; title: string }) {
  const { t } = useTranslation();
  const { summary } = useMatchSummary(match.id);
  if (!summary?.video_url) return null;
  return (
    <section className="highlights" aria-labelledby="highlights-title">
      <h2 id="highlights-title" className="highlights__title">
        {t("match.highlights")}
      </h2>
      <div className="highlights__video">
        <SummaryVideo
          src={summary.video_url}
          poster={summary.poster_url}
          label={t("match.highlights_label", { match: title })}
        />
      </div>
    </section>
  );
}

function Side({ side, name }: { side: MatchSide; name: string }) {
  return (
    <div className="scoreboard__side">
      <ClubBadge name={side.club?.name ?? name} logo={side.club?.logo} size={72} />
      <span className="scoreboard__name">{name}</span>
    </div>
  );
}

function MatchView({ match }: { match: Match }) {
  const { t } = useTranslation();
  const formatZoned = useFormatZoned();
  const { user, scope } = useAuth();
  const utils = trpc.useUtils();
  // The club's streams staff (the access matrix's Streams page), while the match may still go live.
  const seesRefusals =
    (match.status === "scheduled" || match.status === "live" || match.awaiting_video) &&
    user !== null &&
    canOpenSection({ scope, permissions: user.permissions }, "streams") &&
    canOpenClubPages(user, match.club.id);
  // Staff who may score (the access matrix's canScore) set it here once the match has kicked off.
  const scoringClub = showsScore(match) ? scoringClubOf(user, match) : null;
  // A goal came in while the page was open: the score pops.
  const [scored, setScored] = useState(false);
  const video = useRef<HTMLVideoElement | null>(null);
  const home = sideName(match.home) ?? t("match.unknown_side");
  const away = sideName(match.away) ?? t("match.unknown_side");
  const title = t("match.versus", { home, away });
  useDocumentTitle(title);

  const live = match.status === "live";
  // The frame the player shows, and the match's timed score changes: the scoreboard shows that frame's score.
  const [frame, setFrame] = useState<Frame | null>(null);
  const timed = trpc.moments.scoreEvents.useQuery(
    { id: match.id },
    { enabled: live || match.status === "vod", select: (answer) => answer.data },
  );
  // The live player (Stage) shows the match: this page counts as one of its viewers.
  const viewers = useViewers(match.id, { live, watching: live && match.live_hls_url !== null });

  // Whatever changed (made private or deleted included: a 404 closes the page, MatchDetailPage), the
  // server's answer is what the page shows.
  const updates = useMatchNews(CHANNELS.match(match.id), {
    readAgain: () => {
      void utils.matches.byId.invalidate({ id: match.id });
      void utils.moments.scoreEvents.invalidate({ id: match.id });
    },
    onScored: () => setScored(true),
    handlers: {
      ...viewers.handlers,
      "summary.updated": (payload) => {
        if (payload.match === match.id && payload.state === "ready")
          void utils.summaries.ofMatch.invalidate({ id: match.id });
      },
      // Made private or public, or deleted: whether this viewer sees it is the server's to say.
      "summary.changed": (payload) => {
        if (payload.match === match.id) void utils.summaries.ofMatch.invalidate({ id: match.id });
      },
    },
  });

  const score = frameScore(match, timed.isError ? [] : timed.data, frame);
  return (
    <article className="match-detail">
      <div className="match-detail__stage">
        <Stage match={match} title={title} staff={isStaffOf(user, match.club.id)} video={video} onFrame={setFrame} />
      </div>
      <aside className="scoreboard" aria-label={t("match.score")} data-updates={updates}>
        <div className="scoreboard__status">
          <StatusPill status={match.status} problem={match.recording_problem} awaitingVideo={match.awaiting_video} />
          {match.status === "vod" && <span className="scoreboard__final">{t("match.full_time")}</span>}
          {match.status === "live" && updates === "joined" && (
            <span className="scoreboard__updates">{t("match.live_updates")}</span>
          )}
        </div>
        {live && <ViewerCount figures={viewers.figures} />}
        <h1 className="visually-hidden">{title}</h1>
        <div className="scoreboard__teams">
          <Side side={match.home} name={home} />
          <div className="scoreboard__score display" aria-live="polite" aria-atomic="true">
            {showsScore(match) && score ? (
              <>
                <span className="visually-hidden">
                  {t("match.score_label", { home, away, homeScore: score.home, awayScore: score.away })}
                </span>
                {/* A new key per score replays the pop animation when a goal comes in. */}
                <span
                  key={`${score.home}-${score.away}`}
                  className={scored ? "scoreboard__numbers scoreboard__numbers--updated" : "scoreboard__numbers"}
                  aria-hidden="true"
                  data-testid="score"
                >
                  {score.home}
                  <span className="scoreboard__dash">–</span>
                  {score.away}
                </span>
              </>
            ) : (
              <span className="scoreboard__vs">{t("match.vs")}</span>
            )}
          </div>
          <Side side={match.away} name={away} />
        </div>
        {scoringClub !== null && <ScoreControl club={scoringClub} match={match} title={title} />}
        <dl className="facts">
          <div className="facts__row">
            <dt>
              <Icon name="calendar" size={18} />
              {t("match.kick_off")}
            </dt>
            <dd>
              <time dateTime={match.starting_at.date}>{formatZoned(match.starting_at, "full")}</time>
            </dd>
          </div>
          <div className="facts__row">
            <dt>
              <Icon name="trophy" size={18} />
              {t("match.club")}
            </dt>
            <dd>{match.club.name}</dd>
          </div>
          {match.field && (
            <div className="facts__row">
              <dt>
                <Icon name="pin" size={18} />
                {t("match.field")}
              </dt>
              <dd>{match.field.name}</dd>
            </div>
          )}
        </dl>
        <div className="match-detail__actions">
          <ShareButton />
          {isStaffOf(user, match.club.id) && <MatchDownload match={match} />}
        </div>
      </aside>
      {((live && match.live_hls_url) || (match.status === "vod" && match.vod_hls_url)) && (
        <MatchMarkers matchId={match.id} video={video} />
      )}
      {seesRefusals && (
        <Suspense fallback={null}>
          <MatchRefusals matchId={match.id} clubId={match.club.id} fieldId={match.field?.id ?? null} />
        </Suspense>
      )}
      {match.status === "vod" && <Highlights match={match} title={title} />}
    </article>
  );
}

export default function MatchDetailPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = routeId(params.match);
  const match = trpc.matches.byId.useQuery({ id: id ?? 0 }, { enabled: id !== null, select: (answer) => answer.data });
  // The player's code loads beside the match (a supporter opening a live match waits for both).
  useEffect(() => void loadPlayerCode().catch(() => {}), []);

  const back = (
    <LocalLink to="/matches" className="back-link">
      <Icon name="chevronLeft" size={16} />
      {t("match.back_to_matches")}
    </LocalLink>
  );
  let content;
  const missing = id === null || httpStatusOf(match.error) === 404;
  if (missing && match.data) {
    // It was on the page a moment ago: made private or deleted since (its player goes with it).
    content = <EmptyState title={t("match.closed")} text={t("match.closed_hint")} icon="lock" />;
  } else if (missing) {
    content = <EmptyState title={t("match.not_found")} text={t("match.not_found_hint")} icon="video" />;
  } else if (match.isPending) {
    content = (
      <div className="match-detail" aria-busy="true">
        <div className="match-detail__stage">
          <div className="stage skeleton-block" />
        </div>
        <div className="scoreboard">
          <Skeleton width="30%" height={24} />
          <Skeleton width="100%" height={96} />
          <Skeleton width="80%" />
          <Skeleton width="60%" />
        </div>
      </div>
    );
  } else if (match.isError) {
    content = <ErrorState onRetry={() => void match.refetch()} />;
  } else {
    content = <MatchView key={match.data.id} match={match.data} />;
  }
  return (
    <>
      {back}
      {content}
    </>
  );
}
