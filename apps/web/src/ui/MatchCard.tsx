// A match as a card: the two crests on a pitch (or on a still from its video,
// when the server has one), status, teams, kick-off in the club's timezone,
// club and field. The title link covers the whole card.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormatZoned } from "../lib/dates.ts";
import { matchPath, showsScore, sideName, type Match, type MatchSide } from "../lib/matches.ts";
import { ClubBadge } from "./ClubBadge.tsx";
import { Icon } from "./Icon.tsx";
import { LocalLink } from "./LocalLink.tsx";
import { StatusPill } from "./StatusPill.tsx";

function Crest({ side, size }: { side: MatchSide; size: number }) {
  const { t } = useTranslation();
  return (
    <ClubBadge name={side.club?.name ?? sideName(side) ?? t("match.unknown_side")} logo={side.club?.logo} size={size} />
  );
}

/** A still from the match's video over the pitch; a poster that fails to load leaves the pitch. */
export function PosterImage({ src, alt, className }: { src: string; alt: string; className: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img className={className} src={src} alt={alt} loading="lazy" decoding="async" onError={() => setFailed(true)} />
  );
}

export function MatchCard({ match }: { match: Match }) {
  const { t } = useTranslation();
  const formatZoned = useFormatZoned();
  const home = sideName(match.home) ?? t("match.unknown_side");
  const away = sideName(match.away) ?? t("match.unknown_side");
  return (
    <article className={`match-card match-card--${match.status}`}>
      <div className="match-card__poster pitch">
        {match.poster_url && (
          <PosterImage
            // A new address gets a new chance to load.
            key={match.poster_url}
            src={match.poster_url}
            alt={t("match.poster_alt", { match: t("match.versus", { home, away }) })}
            className="match-card__image"
          />
        )}
        <StatusPill status={match.status} problem={match.recording_problem} awaitingVideo={match.awaiting_video} />
        <div className="match-card__crests">
          <Crest side={match.home} size={56} />
          {showsScore(match) ? (
            <span className="match-card__score" aria-label={t("match.score")}>
              {match.home.score}
              <span aria-hidden="true">–</span>
              {match.away.score}
            </span>
          ) : (
            <span className="match-card__vs">{t("match.vs")}</span>
          )}
          <Crest side={match.away} size={56} />
        </div>
        {(match.status === "live" || match.status === "vod") && (
          <span className="match-card__play" aria-hidden="true">
            <Icon name="play" size={18} />
          </span>
        )}
      </div>
      <div className="match-card__body">
        <h3 className="match-card__title">
          <LocalLink to={matchPath(match.id)} className="match-card__link">
            {home} <span className="match-card__versus">{t("match.vs")}</span> {away}
          </LocalLink>
        </h3>
        <p className="match-card__meta">
          <Icon name="calendar" size={16} />
          <time dateTime={match.starting_at.date}>{formatZoned(match.starting_at, "card")}</time>
        </p>
        <p className="match-card__meta">
          <Icon name="pin" size={16} />
          <span>{match.field ? `${match.club.name} · ${match.field.name}` : match.club.name}</span>
        </p>
      </div>
    </article>
  );
}
