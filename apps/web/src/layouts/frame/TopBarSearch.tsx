// The top bar's search (spec sections 2, 5, 7 and 9): Enter or leaving the box
// commits the text; a non-empty committed query is posted to search.all
// SEARCH_DEBOUNCE_MS later (a newer commit replaces it); the answer is shown
// grouped as clubs, teams, users and matches. Every route change clears the
// box, hides the bar and forgets the searched-for text.
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { canOpenSection, SEARCH_DEBOUNCE_MS, teamName, type Actor } from "@clubcast/shared";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { useFormatZoned } from "../../lib/dates.ts";
import { matchPath } from "../../lib/matches.ts";
import { trpc, type RouterOutputs } from "../../lib/trpc.ts";
import { ClubBadge } from "../../ui/ClubBadge.tsx";
import { Icon, type IconName } from "../../ui/Icon.tsx";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { StatusPill } from "../../ui/StatusPill.tsx";

export type SearchResults = RouterOutputs["search"]["all"]["data"];

/** Where a found item leads for this user, or null when there's no page of it they may open. */
export function searchTargets(actor: Actor, ownClubId: number | null) {
  return {
    club: (id: number) =>
      canOpenSection(actor, "clubs") ? `/dashboard/clubs/${id}` : id === ownClubId ? "/dashboard/" : null,
    team: () => (canOpenSection(actor, "teams") ? "/dashboard/teams" : null),
    user: (id: number) => (canOpenSection(actor, "users") ? `/dashboard/users/${id}` : null),
    match: (id: number) => matchPath(id),
  };
}

function ResultRow({ to, children }: { to: string | null; children: ReactNode }) {
  return (
    <li>
      {to ? (
        <LocalLink to={to} className="search-result search-result--link">
          {children}
        </LocalLink>
      ) : (
        <div className="search-result">{children}</div>
      )}
    </li>
  );
}

function ResultGroup({ title, icon, children }: { title: string; icon: IconName; children: ReactNode }) {
  const id = useId();
  return (
    <section className="search-group" aria-labelledby={id}>
      <h3 id={id} className="search-group__title">
        <Icon name={icon} size={16} />
        {title}
      </h3>
      <ul className="search-group__list">{children}</ul>
    </section>
  );
}

export function SearchResultList({ results }: { results: SearchResults }) {
  const { t } = useTranslation("frame");
  const auth = useAuth();
  const formatZoned = useFormatZoned();
  const user = auth.user!;
  const targets = searchTargets({ scope: auth.scope, permissions: user.permissions }, user.club?.id ?? null);
  return (
    <>
      {results.clubs.length > 0 && (
        <ResultGroup title={t("search.groups.clubs")} icon="trophy">
          {results.clubs.map((club) => (
            <ResultRow key={club.id} to={targets.club(club.id)}>
              <ClubBadge name={club.name} logo={club.logo} size={32} />
              <span className="search-result__text">
                <span className="search-result__title">{club.name}</span>
                <span className="search-result__meta">
                  {club.sport.name} · {club.country}
                </span>
              </span>
            </ResultRow>
          ))}
        </ResultGroup>
      )}
      {results.teams.length > 0 && (
        <ResultGroup title={t("search.groups.teams")} icon="users">
          {results.teams.map((team) => (
            <ResultRow key={team.id} to={targets.team()}>
              <span className="search-result__text">
                <span className="search-result__title">{teamName(team)}</span>
                <span className="search-result__meta">
                  {team.club.name} · {team.sport.name}
                </span>
              </span>
            </ResultRow>
          ))}
        </ResultGroup>
      )}
      {results.users.length > 0 && (
        <ResultGroup title={t("search.groups.users")} icon="user">
          {results.users.map((found) => (
            <ResultRow key={found.id} to={targets.user(found.id)}>
              <span className="search-result__text">
                <span className="search-result__title">
                  {found.first_name} {found.last_name}
                </span>
                <span className="search-result__meta">
                  {found.club ? `${found.email} · ${found.club.name}` : found.email}
                </span>
              </span>
            </ResultRow>
          ))}
        </ResultGroup>
      )}
      {results.matches.length > 0 && (
        <ResultGroup title={t("search.groups.matches")} icon="video">
          {results.matches.map((match) => (
            <ResultRow key={match.id} to={targets.match(match.id)}>
              <span className="search-result__text">
                <span className="search-result__title">{match.title}</span>
                <span className="search-result__meta">
                  <time dateTime={match.starting_at.date}>{formatZoned(match.starting_at, "card")}</time>
                </span>
              </span>
              <StatusPill status={match.status} />
            </ResultRow>
          ))}
        </ResultGroup>
      )}
    </>
  );
}

const isEmpty = (results: SearchResults) =>
  results.clubs.length + results.teams.length + results.users.length + results.matches.length === 0;

export function TopBarSearch() {
  const { t } = useTranslation("frame");
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  /** The searched-for text: what was last committed. */
  const [query, setQuery] = useState("");
  const search = trpc.search.all.useMutation();
  const { mutate, reset: resetSearch } = search;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const formId = useId();

  const clear = () => {
    clearTimeout(timer.current);
    setText("");
    setQuery("");
    resetSearch();
  };

  useEffect(() => {
    clearTimeout(timer.current);
    setOpen(false);
    setText("");
    setQuery("");
    resetSearch();
  }, [pathname, resetSearch]);

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  const commit = () => {
    const next = text.trim();
    if (next === query) return;
    setQuery(next);
    clearTimeout(timer.current);
    resetSearch();
    // Only a non-empty query is sent (spec section 5).
    if (next) timer.current = setTimeout(() => mutate({ query: next }), SEARCH_DEBOUNCE_MS);
  };

  const close = () => {
    clear();
    setOpen(false);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    commit();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      close();
    }
  };

  const answered = search.isSuccess && search.variables?.query === query ? search.data.data : null;
  let panel: ReactNode = null;
  if (query) {
    if (search.isError)
      panel = (
        <p className="search-panel__state" role="alert">
          {t("search.failed")}
        </p>
      );
    else if (!answered) panel = <p className="search-panel__state">{t("search.searching")}</p>;
    else if (isEmpty(answered))
      panel = (
        <div className="search-panel__state">
          <p className="search-panel__empty">{t("search.no_results", { query })}</p>
          <p>{t("search.no_results_hint")}</p>
        </div>
      );
    else panel = <SearchResultList results={answered} />;
  }

  return (
    <div className={`topbar-search${open ? " topbar-search--open" : ""}`} onKeyDown={onKeyDown}>
      {open ? (
        <form id={formId} className="topbar-search__form" role="search" onSubmit={onSubmit}>
          <Icon name="search" size={18} className="topbar-search__icon" />
          <label className="visually-hidden" htmlFor={`${formId}-input`}>
            {t("search.label")}
          </label>
          <input
            ref={input}
            id={`${formId}-input`}
            className="topbar-search__input"
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            placeholder={t("search.placeholder")}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onBlur={commit}
          />
          <button
            type="button"
            className="icon-button topbar-search__close"
            onClick={close}
            aria-label={t("search.close")}
          >
            <Icon name="close" size={18} />
          </button>
        </form>
      ) : (
        <button
          type="button"
          className="icon-button topbar-button"
          onClick={() => setOpen(true)}
          aria-label={t("search.open")}
          title={t("search.open")}
        >
          <Icon name="search" size={20} />
        </button>
      )}
      {open && query && (
        <div className="search-panel" role="region" aria-label={t("search.results", { query })} aria-live="polite">
          <p className="search-panel__heading">{t("search.results", { query })}</p>
          {panel}
        </div>
      )}
    </div>
  );
}
