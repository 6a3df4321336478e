// The Streams page (system administrators): every live or upcoming match of
// every club, private ones included, PAGINATION.streamsLimit a page. The list
// and page live in the URL (?list=&page=); a stream.ready on the private
// matches channel reloads both lists.
import { Link, useLocation, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { CHANNELS, EVENTS, PAGINATION } from "@clubcast/shared";
import { useFormatZoned } from "../../lib/dates.ts";
import { matchPath, sideName, type Match } from "../../lib/matches.ts";
import { useChannel } from "../../lib/realtime.ts";
import { trpc } from "../../lib/trpc.ts";
import { DataTable, type DataTableColumn } from "../../ui/DataTable.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { Pagination } from "../../ui/Pagination.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import { StatusPill } from "../../ui/StatusPill.tsx";
import { pageParam } from "./page-param.ts";
import { PageIntro } from "./PageIntro.tsx";
import "../../styles/admin.css";
import "../../styles/operations.css";

const LISTS = ["live", "upcoming"] as const;
type StreamList = (typeof LISTS)[number];

function listOf(value: string | null): StreamList {
  return value === "upcoming" ? "upcoming" : "live";
}

function useMatchTitle() {
  const { t } = useTranslation();
  return (match: Match) =>
    `${sideName(match.home) ?? t("match.unknown_side")} ${t("match.vs")} ${sideName(match.away) ?? t("match.unknown_side")}`;
}

export default function StreamsPage() {
  const { t } = useTranslation(["admin", "translation"]);
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const formatZoned = useFormatZoned();
  const matchTitle = useMatchTitle();
  const utils = trpc.useUtils();
  const list = listOf(params.get("list"));
  const input = { page: pageParam(params), limit: PAGINATION.streamsLimit };
  const live = trpc.matches.liveStreams.useQuery(input, { enabled: list === "live" });
  const upcoming = trpc.matches.upcomingStreams.useQuery(input, { enabled: list === "upcoming" });
  const query = list === "live" ? live : upcoming;

  const channel = useChannel(CHANNELS.matches, {
    [EVENTS.streamReady]: () => {
      void utils.matches.liveStreams.invalidate();
      void utils.matches.upcomingStreams.invalidate();
    },
  });

  const columns: DataTableColumn<Match>[] = [
    {
      key: "match",
      header: t("streams.match"),
      primary: true,
      cell: (match) => <span className="ops-match">{matchTitle(match)}</span>,
    },
    { key: "status", header: t("streams.status"), cell: (match) => <StatusPill status={match.status} /> },
    {
      key: "kick_off",
      header: t("streams.kick_off"),
      cell: (match) => <time dateTime={match.starting_at.date}>{formatZoned(match.starting_at, "card")}</time>,
    },
    {
      key: "place",
      header: t("streams.place"),
      cell: (match) => (match.field ? `${match.club.name} · ${match.field.name}` : match.club.name),
    },
    {
      key: "visibility",
      header: t("streams.visibility"),
      cell: (match) =>
        match.is_private ? (
          <span className="admin-tag ops-tag--private">{t("streams.private")}</span>
        ) : (
          <span className="admin-tag">{t("streams.public")}</span>
        ),
    },
  ];

  return (
    <div className="admin-page ops-streams">
      <PageIntro text={t("streams.subtitle")}>
        <p className={`ops-live${channel === "joined" ? "" : " ops-live--off"}`} aria-live="polite">
          <span className="ops-live__dot" aria-hidden="true" />
          {channel === "refused" ? t("streams.realtime_off") : t("streams.realtime")}
        </p>
      </PageIntro>
      <nav className="tabs" aria-label={t("streams.lists")}>
        {LISTS.map((tab) => (
          <Link
            key={tab}
            to={{ pathname, search: `?list=${tab}` }}
            className="tabs__tab"
            aria-current={tab === list ? "page" : undefined}
          >
            {tab === "live" && <span className="status-pill__dot" aria-hidden="true" />}
            {t(`streams.${tab}`)}
            {tab === list && query.data && <span className="ops-tab-count">{query.data.meta.total}</span>}
          </Link>
        ))}
      </nav>
      {query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : (
        <DataTable
          caption={t(`streams.caption_${list}`)}
          columns={columns}
          rows={query.data?.data ?? []}
          rowKey={(match) => match.id}
          loading={query.isPending}
          skeletonRows={PAGINATION.streamsLimit}
          rowActions={(match) => (
            <LocalLink
              to={matchPath(match.id)}
              className="button button--small button--secondary"
              aria-label={t("streams.watch_match", { match: matchTitle(match) })}
            >
              <Icon name="play" size={14} />
              {t("streams.watch")}
            </LocalLink>
          )}
          empty={<EmptyState icon="broadcast" title={t(`streams.empty_${list}`)} text={t("streams.empty_hint")} />}
        />
      )}
      {query.data && <Pagination meta={query.data.meta} />}
    </div>
  );
}
