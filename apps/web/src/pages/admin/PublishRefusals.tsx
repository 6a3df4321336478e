// Refused cameras in a club admin's words: each refusal is worded by its code
// (the gateway's own reason stays below as the detail), on the Streams page
// (the working club's, latest first, a new one arriving on the club's streams
// channel without a reload), on a scheduled or live match's page for its
// streams staff, and in monitoring (the Streams page's and monitoring's lists
// are one table, RefusalsTable). And figures by name: a connected publisher's
// link, the encoder settings.
import { useTranslation } from "react-i18next";
import { CHANNELS, EVENTS, type PublisherStats } from "@clubcast/shared";
import { useLocale } from "../../i18n/useLocale.ts";
import { emptyMessageOf } from "../../lib/list-state.ts";
import { useChannel } from "../../lib/realtime.ts";
import { trpc, type RouterOutputs } from "../../lib/trpc.ts";
import { DataTable, type DataTableColumn } from "../../ui/DataTable.tsx";
import { Icon, type IconName } from "../../ui/Icon.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import { formatMoment } from "./format.ts";
import { IntroducedSection } from "./PageIntro.tsx";
import "../../styles/admin.css";
import "../../styles/operations.css";

export type ClubRefusal = RouterOutputs["mediaGateway"]["clubRefusals"]["data"][number];
type Coded = Pick<ClubRefusal, "code" | "codec" | "protocol">;

/** Codecs as encoders' menus name them (ffprobe's names otherwise, upper-cased). */
const CODEC_NAMES: Record<string, string> = {
  hevc: "HEVC (H.265)",
  h265: "HEVC (H.265)",
  av1: "AV1",
  vp8: "VP8",
  vp9: "VP9",
  mpeg2video: "MPEG-2",
  mpeg4: "MPEG-4 Part 2",
  h264: "H.264",
  opus: "Opus",
  mp3: "MP3",
  ac3: "AC-3",
  eac3: "E-AC-3",
  aac: "AAC",
};

export function codecName(codec: string): string {
  if (codec.startsWith("pcm_")) return "PCM";
  return CODEC_NAMES[codec] ?? codec.toUpperCase();
}

/** The sentence a club admin reads for a refusal: what happened and what to change. */
export function useRefusalMessage(): (refusal: Coded) => string {
  const { t } = useTranslation("admin");
  return ({ code, codec, protocol }) => {
    switch (code) {
      case "unsupported_video_codec":
      case "unsupported_audio_codec":
        return codec ? t(`refusal_code.${code}`, { codec: codecName(codec) }) : t(`refusal_code.${code}_unnamed`);
      case "wrong_protocol":
        return t("refusal_code.wrong_protocol", { protocol: protocol.toUpperCase() });
      default:
        return t(`refusal_code.${code}`);
    }
  };
}

/** The worded refusal, with the gateway's own reason as its detail. */
export function RefusalReason({ refusal }: { refusal: Coded & { reason: string; count: number } }) {
  const { t } = useTranslation("admin");
  const message = useRefusalMessage();
  return (
    <span className="refusal-reason">
      <span className="refusal-reason__message">{message(refusal)}</span>
      {refusal.count > 1 && (
        <span className="refusal-reason__detail">{t("refused_cameras.repeated", { count: refusal.count })}</span>
      )}
      <span className="refusal-reason__detail">{t("refused_cameras.detail", { reason: refusal.reason })}</span>
    </span>
  );
}

function useCameraName() {
  const { t } = useTranslation("admin");
  return (refusal: ClubRefusal) =>
    t("refused_cameras.camera_name", {
      field: refusal.field?.name ?? t("previews.no_field"),
      name: refusal.configuration.barcode ?? `#${refusal.configuration.id}`,
    });
}

/** A refusal as every refusal table lists it: its time, protocol and worded reason. */
type ListedRefusal = Coded & { id: string; at: string; reason: string; count: number };

/** The columns every refusal table has, for a table to place among its own. */
interface RefusalColumns<R> {
  time: DataTableColumn<R>;
  protocol: DataTableColumn<R>;
  reason: DataTableColumn<R>;
}

/**
 * A table of refusals, latest first, in the words of the club's refused cameras (the Streams page) or of
 * every refused publisher (monitoring): the time, protocol and worded reason, placed by `columns` among
 * the columns that say who was refused. While there is nothing to show after an error, the error to retry.
 */
export function RefusalsTable<R extends ListedRefusal>({
  words,
  query,
  columns,
  emptyIcon,
}: {
  words: "refused_cameras" | "refusals";
  query: { isError: boolean; isPending: boolean; data?: { data: R[]; message?: string }; refetch: () => unknown };
  columns: (common: RefusalColumns<R>) => DataTableColumn<R>[];
  emptyIcon: IconName;
}) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const common: RefusalColumns<R> = {
    time: {
      key: "time",
      header: t(`${words}.time`),
      cell: (refusal) => <time dateTime={refusal.at}>{formatMoment(refusal.at, locale)}</time>,
    },
    protocol: {
      key: "protocol",
      header: t(`${words}.protocol`),
      cell: (refusal) => <span className="admin-tag admin-tag--muted">{refusal.protocol.toUpperCase()}</span>,
    },
    reason: {
      key: "reason",
      header: t(`${words}.reason`),
      cell: (refusal) => <RefusalReason refusal={refusal} />,
    },
  };
  if (query.isError && !query.data) return <ErrorState onRetry={() => void query.refetch()} />;
  return (
    <DataTable
      caption={t(`${words}.caption`)}
      columns={columns(common)}
      rows={query.data?.data ?? []}
      rowKey={(refusal) => refusal.id}
      loading={query.isPending}
      skeletonRows={3}
      empty={
        <EmptyState
          icon={emptyIcon}
          title={emptyMessageOf(query, t(`${words}.empty`))}
          text={t(`${words}.empty_text`)}
        />
      }
    />
  );
}

/** The Streams page's section: the working club's refused cameras, latest first, live. */
export function RefusedCameras({ clubId }: { clubId: number }) {
  const { t } = useTranslation("admin");
  const cameraName = useCameraName();
  const utils = trpc.useUtils();
  const query = trpc.mediaGateway.clubRefusals.useQuery({ club: clubId });
  useChannel(CHANNELS.streams(clubId), {
    [EVENTS.streamRefused]: (payload) => {
      if (payload.club === clubId) void utils.mediaGateway.clubRefusals.invalidate({ club: clubId });
    },
  });
  const camera: DataTableColumn<ClubRefusal> = {
    key: "camera",
    header: t("refused_cameras.camera"),
    primary: true,
    cell: (refusal) => cameraName(refusal),
  };
  return (
    <IntroducedSection title={t("refused_cameras.title")} text={t("refused_cameras.text")}>
      <RefusalsTable
        words="refused_cameras"
        query={query}
        columns={({ time, protocol, reason }) => [time, camera, protocol, reason]}
        emptyIcon="broadcast"
      />
    </IntroducedSection>
  );
}

/** On a scheduled or live match's page, for its streams staff: why its field's camera was refused. */
export function MatchRefusals({
  matchId,
  clubId,
  fieldId,
}: {
  matchId: number;
  clubId: number;
  fieldId: number | null;
}) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const cameraName = useCameraName();
  const utils = trpc.useUtils();
  const query = trpc.mediaGateway.matchRefusals.useQuery({ id: matchId });
  useChannel(CHANNELS.streams(clubId), {
    [EVENTS.streamRefused]: (payload) => {
      if (fieldId === null || payload.field === fieldId)
        void utils.mediaGateway.matchRefusals.invalidate({ id: matchId });
    },
  });
  const refusals = query.data?.data ?? [];
  if (!refusals.length) return null;
  return (
    <section className="match-refusals ops-callout" role="status" aria-label={t("refused_cameras.match_title")}>
      <Icon name="alert" size={20} />
      <div>
        <p className="match-refusals__title">{t("refused_cameras.match_title")}</p>
        <p>{t("refused_cameras.match_text")}</p>
        <ul className="match-refusals__list">
          {refusals.slice(0, 3).map((refusal) => (
            <li key={refusal.id}>
              <time dateTime={refusal.at}>{formatMoment(refusal.at, locale)}</time> · {cameraName(refusal)} ·{" "}
              {refusal.protocol.toUpperCase()}
              <RefusalReason refusal={refusal} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** A connected publisher's link: bitrate, and for SRT its round trip, loss, resent and dropped packets. */
export function LinkStats({ stats }: { stats: PublisherStats | null }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  if (!stats) return <p className="link-stats link-stats--none">{t("link.none")}</p>;
  const number = (value: number, digits = 0) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  const rows: [string, string][] = [];
  if (stats.bitrate_kbps !== null)
    rows.push([t("link.bitrate"), t("link.bitrate_value", { value: number(stats.bitrate_kbps) })]);
  if (stats.rtt_ms !== null) rows.push([t("link.rtt"), t("link.rtt_value", { value: number(stats.rtt_ms, 1) })]);
  if (stats.loss_percent !== null)
    rows.push([t("link.loss"), t("link.loss_value", { value: number(stats.loss_percent, 1) })]);
  if (stats.retransmitted_packets !== null) rows.push([t("link.retransmitted"), number(stats.retransmitted_packets)]);
  if (stats.dropped_packets !== null) rows.push([t("link.dropped"), number(stats.dropped_packets)]);
  if (!rows.length) return <p className="link-stats link-stats--none">{t("link.none")}</p>;
  return <FigureList rows={rows} label={t("link.title")} />;
}

/** Figures by name, a row each: a link's, the encoder settings the gateway expects. */
export function FigureList({ rows, label }: { rows: [string, string][]; label?: string }) {
  return (
    <dl className="link-stats" aria-label={label}>
      {rows.map(([name, value]) => (
        <div key={name} className="link-stats__row">
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
