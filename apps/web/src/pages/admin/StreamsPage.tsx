// The Streams page: every live or upcoming match (a club administrator's: their
// club's), private ones included, PAGINATION.streamsLimit a page. The list
// and page live in the URL (?list=&page=); the matches' news (useMatchListNews:
// live, score, on demand, private) reloads both lists. Below them, the camera previews of the
// working club: every publisher connected to the media gateway right now, each
// in a small muted live player with its link's figures, polled every
// PREVIEWS_REFRESH_MS; then the cameras the gateway refused, and why
// (PublishRefusals.tsx), a new refusal arriving without a reload.
import { Link, useLocation, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { PAGINATION } from "@clubcast/shared";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { useLocale } from "../../i18n/useLocale.ts";
import { useFormatZoned } from "../../lib/dates.ts";
import { emptyMessageOf } from "../../lib/list-state.ts";
import { useMatchListNews } from "../../lib/match-news.ts";
import { matchPath, sideName, type Match } from "../../lib/matches.ts";
import { trpc, type RouterOutputs } from "../../lib/trpc.ts";
import { ClubPicker, useWorkingClub } from "../../lib/working-club.tsx";
import { DataTable, type DataTableColumn } from "../../ui/DataTable.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { Pagination } from "../../ui/Pagination.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import { StatusPill } from "../../ui/StatusPill.tsx";
import { VideoPlayer } from "../matches/VideoPlayer.tsx";
import { LiveViewerCount } from "../matches/ViewerCount.tsx";
import { formatInstant } from "./format.ts";
import { pageParam } from "./page-param.ts";
import { LinkStats, RefusedCameras } from "./PublishRefusals.tsx";
import { IntroducedSection, PageIntro } from "./PageIntro.tsx";
import "../../styles/admin.css";
import "../../styles/operations.css";

/** The gateway's publishers change as cameras connect and disconnect: ask again this often. */
export const PREVIEWS_REFRESH_MS = 5_000;

/** The go-live page, below the Streams section (so its access rule is the section's). */
export const GO_LIVE_PATH = "/dashboard/streams/go-live";

type Preview = RouterOutputs["mediaGateway"]["previews"]["data"][number];

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

function PreviewCard({ preview }: { preview: Preview }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const { configuration, field } = preview;
  const configurationName = configuration.barcode ?? `#${configuration.id}`;
  const name = field?.name ?? t("previews.no_field");
  return (
    <li className="preview-card">
      <div className="preview-card__video">
        {preview.hls_url ? (
          <VideoPlayer src={preview.hls_url} live label={t("previews.video_label", { name })} />
        ) : (
          <div className="preview-card__waiting pitch pitch--dark">
            <span className="spinner" aria-hidden="true" />
            <p>{t("previews.waiting")}</p>
          </div>
        )}
      </div>
      <div className="preview-card__body">
        <h3 className="preview-card__title">
          <span className="preview-card__live" aria-hidden="true" />
          {name}
        </h3>
        <p className="preview-card__meta">
          <span className="admin-tag admin-tag--system preview-card__protocol">{preview.protocol.toUpperCase()}</span>
          <span className="ops-muted">{t("previews.configuration", { name: configurationName })}</span>
        </p>
        <p className="preview-card__meta">
          <Icon name="clock" size={16} />
          <time dateTime={preview.since}>{t("previews.since", { time: formatInstant(preview.since, locale) })}</time>
        </p>
        <LinkStats stats={preview.stats} />
      </div>
    </li>
  );
}

/** The go-live page: where the club's cameras, OBS or a phone get their addresses and keys. */
function GoLiveLink() {
  const { t } = useTranslation("admin");
  const { search } = useLocation();
  return (
    <LocalLink to={`${GO_LIVE_PATH}${search}`} className="button button--primary">
      <Icon name="broadcast" size={16} />
      {t("go_live.open")}
    </LocalLink>
  );
}

/** The working club's connected publishers (a system administrator picks the club). */
function CameraPreviews() {
  const { t } = useTranslation("admin");
  const { clubId, chooseClub } = useWorkingClub();
  const previews = trpc.mediaGateway.previews.useQuery(
    { club: clubId ?? 0 },
    { enabled: clubId !== null, refetchInterval: PREVIEWS_REFRESH_MS },
  );
  let content;
  if (clubId === null) {
    content = <EmptyState icon="camera" title={t("previews.choose_club")} />;
  } else if (previews.isError && !previews.data) {
    content = <ErrorState onRetry={() => void previews.refetch()} />;
  } else if (!previews.data) {
    content = (
      <ul className="previews" aria-busy="true" aria-label={t("previews.list")}>
        {Array.from({ length: 2 }, (_, index) => (
          <li key={index} className="preview-card preview-card--skeleton" aria-hidden="true">
            <div className="preview-card__video skeleton-block" />
          </li>
        ))}
      </ul>
    );
  } else if (previews.data.data.length === 0) {
    content = (
      <EmptyState
        icon="broadcast"
        title={emptyMessageOf(previews, t("previews.empty"))}
        text={t("previews.empty_text")}
        action={<GoLiveLink />}
      />
    );
  } else {
    content = (
      <ul className="previews" aria-label={t("previews.list")}>
        {previews.data.data.map((preview) => (
          <PreviewCard key={preview.configuration.id} preview={preview} />
        ))}
      </ul>
    );
  }
  return (
    <IntroducedSection
      title={t("previews.title")}
      text={t("previews.text")}
      actions={<ClubPicker value={clubId} onChange={chooseClub} />}
    >
      {content}
    </IntroducedSection>
  );
}

/** The working club's refused cameras (none to show until a system administrator picks a club). */
function WorkingClubRefusals() {
  const { clubId } = useWorkingClub();
  return clubId === null ? null : <RefusedCameras clubId={clubId} />;
}

export default function StreamsPage() {
  const { t } = useTranslation(["admin", "translation"]);
  const auth = useAuth();
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

  const channel = useMatchListNews(() => {
    void utils.matches.liveStreams.invalidate();
    void utils.matches.upcomingStreams.invalidate();
  }, query.data?.data ?? []);

  const columns: DataTableColumn<Match>[] = [
    {
      key: "match",
      header: t("streams.match"),
      primary: true,
      cell: (match) => <span className="ops-match">{matchTitle(match)}</span>,
    },
    {
      key: "status",
      header: t("streams.status"),
      cell: (match) => (
        <StatusPill status={match.status} problem={match.recording_problem} awaitingVideo={match.awaiting_video} />
      ),
    },
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
    ...(list === "live"
      ? [
          {
            key: "viewers",
            header: t("streams.viewers"),
            cell: (match: Match) => <LiveViewerCount match={match.id} />,
          },
        ]
      : []),
  ];

  return (
    <div className="admin-page ops-streams">
      <PageIntro text={auth.scope === "system" ? t("streams.subtitle") : t("streams.subtitle_club")}>
        <p className={`ops-live${channel === "joined" ? "" : " ops-live--off"}`} aria-live="polite">
          <span className="ops-live__dot" aria-hidden="true" />
          {channel === "refused" ? t("streams.realtime_off") : t("streams.realtime")}
        </p>
        <GoLiveLink />
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
          empty={
            <EmptyState
              icon="broadcast"
              title={emptyMessageOf(query, t(`streams.empty_${list}`))}
              text={t("streams.empty_hint")}
            />
          }
        />
      )}
      {query.data && <Pagination meta={query.data.meta} />}
      <CameraPreviews />
      <WorkingClubRefusals />
    </div>
  );
}
