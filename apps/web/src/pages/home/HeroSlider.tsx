// The home page's slider of the first matches (spec section 9: first 5):
// one match per slide, previous/next buttons and dots, advancing by itself
// unless the visitor hovers, focuses it or prefers reduced motion.
import { useEffect, useState, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { SLIDE_ANIMATION_S } from "@clubcast/shared";
import { useFormatZoned } from "../../lib/dates.ts";
import { matchPath, showsScore, sideName, type Match } from "../../lib/matches.ts";
import { ClubBadge } from "../../ui/ClubBadge.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { StatusPill } from "../../ui/StatusPill.tsx";

const AUTO_ADVANCE_MS = 7000;

function Slide({ match, index, total, active }: { match: Match; index: number; total: number; active: boolean }) {
  const { t } = useTranslation();
  const formatZoned = useFormatZoned();
  const home = sideName(match.home) ?? t("match.unknown_side");
  const away = sideName(match.away) ?? t("match.unknown_side");
  const cta =
    match.status === "live" ? t("home.watch_live") : match.status === "vod" ? t("home.watch") : t("home.details");
  return (
    <div
      className="hero-slide pitch pitch--dark"
      role="group"
      aria-roledescription="slide"
      aria-label={t("home.go_to_slide", { number: index + 1, total })}
      aria-hidden={!active}
      inert={!active}
    >
      <div className="hero-slide__copy">
        <StatusPill status={match.status} />
        <h2 className="hero-slide__title display">
          {home} <span className="hero-slide__versus">{t("match.vs")}</span> {away}
        </h2>
        <p className="hero-slide__meta">
          <Icon name="calendar" size={18} />
          <time dateTime={match.starting_at.date}>{formatZoned(match.starting_at, "card")}</time>
          <span className="hero-slide__separator" aria-hidden="true">
            ·
          </span>
          <span>{match.field ? `${match.club.name}, ${match.field.name}` : match.club.name}</span>
        </p>
        <LocalLink to={matchPath(match.id)} className="button button--accent">
          <Icon name="play" size={18} />
          {cta}
          <span className="visually-hidden">: {t("match.versus", { home, away })}</span>
        </LocalLink>
      </div>
      <div className="hero-slide__board" aria-hidden="true">
        <div className="hero-slide__side">
          <ClubBadge name={match.home.club?.name ?? home} logo={match.home.club?.logo} size={96} />
          <span>{home}</span>
        </div>
        <div className="hero-slide__score display">
          {showsScore(match) ? `${match.home.score} – ${match.away.score}` : formatZoned(match.starting_at, "time")}
        </div>
        <div className="hero-slide__side">
          <ClubBadge name={match.away.club?.name ?? away} logo={match.away.club?.logo} size={96} />
          <span>{away}</span>
        </div>
      </div>
    </div>
  );
}

export function HeroSlider({ matches }: { matches: Match[] }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const total = matches.length;
  const go = (index: number) => setCurrent((index + total) % total);

  useEffect(() => {
    if (paused || total < 2 || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = setInterval(() => setCurrent((index) => (index + 1) % total), AUTO_ADVANCE_MS);
    return () => clearInterval(timer);
  }, [paused, total]);

  const trackStyle = {
    transform: `translateX(-${current * 100}%)`,
    transitionDuration: `${SLIDE_ANIMATION_S}s`,
  } as CSSProperties;
  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label={t("home.featured")}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="hero__viewport">
        <div className="hero__track" style={trackStyle} aria-live={paused ? "polite" : "off"}>
          {matches.map((match, index) => (
            <Slide key={match.id} match={match} index={index} total={total} active={index === current} />
          ))}
        </div>
      </div>
      {total > 1 && (
        <div className="hero__controls">
          <button
            type="button"
            className="hero__arrow"
            onClick={() => go(current - 1)}
            aria-label={t("home.previous_slide")}
          >
            <Icon name="chevronLeft" size={22} />
          </button>
          <div className="hero__dots">
            {matches.map((match, index) => (
              <button
                key={match.id}
                type="button"
                className="hero__dot"
                aria-label={t("home.go_to_slide", { number: index + 1, total })}
                aria-current={index === current ? "true" : undefined}
                onClick={() => go(index)}
              />
            ))}
          </div>
          <button
            type="button"
            className="hero__arrow"
            onClick={() => go(current + 1)}
            aria-label={t("home.next_slide")}
          >
            <Icon name="chevronRight" size={22} />
          </button>
        </div>
      )}
    </section>
  );
}

/** The hero when there is no match to feature yet. */
export function HeroIntro() {
  const { t } = useTranslation();
  return (
    <section className="hero hero--intro pitch pitch--dark">
      <div className="hero-slide__copy">
        <h2 className="hero-slide__title display">{t("home.intro_title")}</h2>
        <p className="hero-intro__text">{t("home.intro_text")}</p>
        <LocalLink to="/matches" className="button button--accent">
          {t("home.browse_matches")}
        </LocalLink>
      </div>
    </section>
  );
}
