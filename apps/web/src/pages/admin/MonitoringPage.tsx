// The Monitoring page (system administrators): how every camera configuration
// and its cameras, every computer and every router is doing by its last
// heartbeat, the media gateway's disk and the publishers it refused, and the
// jobs whose last attempt failed. Refreshes itself every MONITORING_REFRESH_MS.
import { useId, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { LOCALE_ISO, PAGINATION, type LocaleCode } from "@clubcast/shared";
import { useLocale } from "../../i18n/useLocale.ts";
import { trpc, type RouterOutputs } from "../../lib/trpc.ts";
import { DataTable, type DataTableColumn } from "../../ui/DataTable.tsx";
import { DeviceStatusBadge } from "../../ui/DeviceStatusBadge.tsx";
import { Icon, type IconName } from "../../ui/Icon.tsx";
import { Pagination } from "../../ui/Pagination.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import { formatBytes, formatInstant } from "./format.ts";
import { LinkStats, RefusalsTable } from "./PublishRefusals.tsx";
import { pageParam } from "./page-param.ts";
import { PageIntro } from "./PageIntro.tsx";
import "../../styles/admin.css";
import "../../styles/operations.css";

export const MONITORING_REFRESH_MS = 15_000;

type Overview = RouterOutputs["monitoring"]["overview"]["data"];
type Configuration = Overview["configurations"][number];
type Device = Overview["computers"][number];
type FailedJob = RouterOutputs["failedJobs"]["list"]["data"][number];
type Storage = RouterOutputs["mediaGateway"]["storage"]["data"];
type Refusal = RouterOutputs["mediaGateway"]["refusals"]["data"][number];
export type DeviceStatus = Device["status"];

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

/** "2 minutes ago", "yesterday", … in the locale; "now" under a minute. */
export function heartbeatAge(iso: string, now: number, locale: LocaleCode): string {
  const format = new Intl.RelativeTimeFormat(LOCALE_ISO[locale], { numeric: "auto" });
  const elapsed = Math.max(0, now - Date.parse(iso));
  const [unit, size] = UNITS.find(([, length]) => elapsed >= length) ?? ["second", 1000];
  return unit === "second" ? format.format(0, "second") : format.format(-Math.floor(elapsed / size), unit);
}

function Heartbeat({ at, now }: { at: string | null; now: number }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  if (!at) return <span className="ops-muted">{t("monitoring.never")}</span>;
  const exact = new Intl.DateTimeFormat(LOCALE_ISO[locale], { dateStyle: "medium", timeStyle: "medium" }).format(
    new Date(at),
  );
  return (
    <time dateTime={at} title={exact}>
      {heartbeatAge(at, now, locale)}
    </time>
  );
}

function SummaryTile({ icon, label, items }: { icon: IconName; label: string; items: { status: DeviceStatus }[] }) {
  const { t } = useTranslation("admin");
  const online = items.filter((item) => item.status === "online").length;
  const troubled = items.some((item) => item.status === "offline" || item.status === "degraded");
  return (
    <li className={`ops-tile${troubled ? " ops-tile--attention" : ""}`}>
      <span className="ops-tile__icon">
        <Icon name={icon} size={22} />
      </span>
      <span className="ops-tile__label">{label}</span>
      <span className="ops-tile__value">{t("monitoring.online_of", { online, total: items.length })}</span>
    </li>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="ops-section" aria-labelledby={id}>
      <h2 id={id} className="ops-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function useDeviceColumns(now: number): DataTableColumn<Device>[] {
  const { t } = useTranslation("admin");
  return [
    { key: "name", header: t("monitoring.device"), primary: true, cell: (device) => device.name },
    {
      key: "serial",
      header: t("monitoring.serial"),
      cell: (device) => <code className="admin-mono">{device.serial}</code>,
    },
    {
      key: "club",
      header: t("monitoring.club"),
      cell: (device) => device.club?.name ?? <span className="ops-muted">{t("monitoring.no_club")}</span>,
    },
    { key: "status", header: t("monitoring.status"), cell: (device) => <DeviceStatusBadge status={device.status} /> },
    {
      key: "heartbeat",
      header: t("monitoring.heartbeat"),
      align: "end",
      cell: (device) => <Heartbeat at={device.last_heartbeat_at} now={now} />,
    },
  ];
}

function configurationName(configuration: Configuration): string {
  return configuration.barcode ?? `#${configuration.id}`;
}

function ConfigurationsTable({ configurations, now }: { configurations: Configuration[] | undefined; now: number }) {
  const { t } = useTranslation("admin");
  const columns: DataTableColumn<Configuration>[] = [
    {
      key: "configuration",
      header: t("monitoring.configuration"),
      primary: true,
      cell: (configuration) => <code className="admin-mono">{configurationName(configuration)}</code>,
    },
    {
      key: "place",
      header: t("monitoring.club"),
      cell: (configuration) => `${configuration.club.name} · ${configuration.field?.name ?? t("monitoring.no_field")}`,
    },
    {
      key: "status",
      header: t("monitoring.status"),
      cell: (configuration) => <DeviceStatusBadge status={configuration.status} />,
    },
    {
      key: "publisher",
      header: t("link.title"),
      cell: (configuration) =>
        configuration.publisher ? (
          <div className="ops-publisher">
            <span className="admin-tag admin-tag--muted">{configuration.publisher.protocol.toUpperCase()}</span>
            <LinkStats stats={configuration.publisher.stats} />
          </div>
        ) : (
          <span className="ops-muted">{t("link.not_publishing")}</span>
        ),
    },
    {
      key: "cameras",
      header: t("monitoring.cameras"),
      cell: (configuration) =>
        configuration.cameras.length === 0 ? (
          <span className="ops-muted">{t("monitoring.no_cameras")}</span>
        ) : (
          <ul
            className="ops-cameras"
            aria-label={t("monitoring.camera_list", { configuration: configurationName(configuration) })}
          >
            {configuration.cameras.map((camera) => (
              <li key={camera.id} className={`ops-camera ops-camera--${camera.status}`}>
                <span className="ops-status__dot" aria-hidden="true" />
                <span>{camera.display_name}</span>
                <span className="visually-hidden">: {t(`monitoring.statuses.${camera.status}`)}</span>
              </li>
            ))}
          </ul>
        ),
    },
    {
      key: "heartbeat",
      header: t("monitoring.heartbeat"),
      align: "end",
      cell: (configuration) => <Heartbeat at={configuration.last_heartbeat_at} now={now} />,
    },
  ];
  return (
    <DataTable
      caption={t("monitoring.configurations")}
      columns={columns}
      rows={configurations ?? []}
      rowKey={(configuration) => configuration.id}
      loading={!configurations}
      skeletonRows={4}
      empty={<EmptyState icon="camera" title={t("monitoring.empty_configurations")} />}
    />
  );
}

/** A share of the disk as a bar width, 0–100 %. */
function percent(part: number, whole: number): string {
  return `${whole > 0 ? Math.min(100, Math.max(0, (part / whole) * 100)) : 0}%`;
}

function StorageCard({ storage }: { storage: Storage }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const size = (bytes: number) => formatBytes(bytes, locale);
  const used = Math.max(0, storage.total_bytes - storage.free_bytes);
  const other = Math.max(0, used - storage.media_bytes);
  return (
    <div className={`admin-card ops-storage${storage.recording_allowed ? "" : " ops-storage--refused"}`}>
      {storage.recording_allowed ? (
        <p className="ops-storage__state">
          <Icon name="check" size={18} />
          {t("storage.allowed")}
        </p>
      ) : (
        <div className="ops-storage__state ops-storage__state--refused" role="alert">
          <Icon name="alert" size={20} />
          <p>
            <strong>{t("storage.refused")}</strong>
            <span>{t("storage.refused_hint")}</span>
          </p>
        </div>
      )}
      <div className="ops-storage__usage">
        <p className="ops-storage__usage-text">
          {t("storage.used_of", { used: size(used), total: size(storage.total_bytes) })}
        </p>
        {/* The same numbers as the facts below, drawn: media, other use, and where the margin starts. */}
        <div className="ops-storage__bar" aria-hidden="true">
          <span className="ops-storage__media" style={{ width: percent(storage.media_bytes, storage.total_bytes) }} />
          <span className="ops-storage__other" style={{ width: percent(other, storage.total_bytes) }} />
          <span className="ops-storage__margin" style={{ width: percent(storage.margin_bytes, storage.total_bytes) }} />
        </div>
      </div>
      <dl className="ops-facts ops-storage__facts">
        <div>
          <dt>
            <span className="ops-storage__swatch ops-storage__swatch--media" aria-hidden="true" />
            {t("storage.media")}
          </dt>
          <dd>{size(storage.media_bytes)}</dd>
        </div>
        <div>
          <dt>{t("storage.free")}</dt>
          <dd>{size(storage.free_bytes)}</dd>
        </div>
        <div>
          <dt>{t("storage.total")}</dt>
          <dd>{size(storage.total_bytes)}</dd>
        </div>
      </dl>
      <p className="ops-card-text">
        <span className="ops-storage__swatch ops-storage__swatch--margin" aria-hidden="true" />
        {t("storage.margin", { size: size(storage.margin_bytes) })}
      </p>
    </div>
  );
}

function MediaStorage() {
  const { t } = useTranslation("admin");
  const query = trpc.mediaGateway.storage.useQuery(undefined, { refetchInterval: MONITORING_REFRESH_MS });
  let content;
  if (query.data) content = <StorageCard storage={query.data.data} />;
  else if (query.isError) content = <ErrorState onRetry={() => void query.refetch()} />;
  else content = <div className="admin-card ops-storage skeleton-block" aria-busy="true" />;
  return <Section title={t("storage.title")}>{content}</Section>;
}

function RefusedPublishers() {
  const { t } = useTranslation("admin");
  const query = trpc.mediaGateway.refusals.useQuery(undefined, { refetchInterval: MONITORING_REFRESH_MS });
  const key: DataTableColumn<Refusal> = {
    key: "key",
    header: t("refusals.key"),
    cell: (refusal) => <code className="admin-mono">{refusal.stream_key_hint}</code>,
  };
  const address: DataTableColumn<Refusal> = {
    key: "address",
    header: t("refusals.address"),
    cell: (refusal) => <code className="admin-mono">{refusal.address}</code>,
  };
  return (
    <Section title={t("refusals.title")}>
      <RefusalsTable
        words="refusals"
        query={query}
        columns={({ time, protocol, reason }) => [{ ...time, primary: true }, protocol, key, address, reason]}
        emptyIcon="shield"
      />
    </Section>
  );
}

function FailedJobs() {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const [params] = useSearchParams();
  const query = trpc.failedJobs.list.useQuery(
    { page: pageParam(params), limit: PAGINATION.defaultLimit },
    { refetchInterval: MONITORING_REFRESH_MS },
  );
  const columns: DataTableColumn<FailedJob>[] = [
    {
      key: "job",
      header: t("monitoring.job"),
      primary: true,
      cell: (job) => (
        <span>
          {job.name} <code className="admin-mono ops-muted">#{job.id}</code>
        </span>
      ),
    },
    { key: "queue", header: t("monitoring.queue"), cell: (job) => <code className="admin-mono">{job.queue}</code> },
    {
      key: "reason",
      header: t("monitoring.reason"),
      cell: (job) => <span className="ops-reason">{job.failed_reason}</span>,
    },
    {
      key: "attempts",
      header: t("monitoring.attempts"),
      align: "end",
      cell: (job) => t("monitoring.attempts_of", { made: job.attempts_made, max: job.max_attempts }),
    },
    {
      key: "failed_at",
      header: t("monitoring.failed_at"),
      align: "end",
      cell: (job) =>
        job.failed_at ? <time dateTime={job.failed_at}>{formatInstant(job.failed_at, locale)}</time> : "–",
    },
  ];
  return (
    <Section title={t("monitoring.failed_jobs")}>
      {query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : (
        <DataTable
          caption={t("monitoring.failed_jobs")}
          columns={columns}
          rows={query.data?.data ?? []}
          rowKey={(job) => `${job.queue}:${job.id}`}
          loading={query.isPending}
          skeletonRows={3}
          empty={
            <EmptyState
              icon="check"
              title={query.data?.message ?? t("monitoring.no_failed_jobs")}
              text={t("monitoring.no_failed_jobs_hint")}
            />
          }
        />
      )}
      {query.data && <Pagination meta={query.data.meta} />}
    </Section>
  );
}

export default function MonitoringPage() {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const utils = trpc.useUtils();
  const overview = trpc.monitoring.overview.useQuery(undefined, { refetchInterval: MONITORING_REFRESH_MS });
  const now = overview.dataUpdatedAt || Date.now();
  const deviceColumns = useDeviceColumns(now);
  const data = overview.data?.data;
  const updated = new Intl.DateTimeFormat(LOCALE_ISO[locale], { timeStyle: "medium" }).format(new Date(now));

  return (
    <div className="admin-page">
      <PageIntro text={t("monitoring.subtitle")}>
        <p className="ops-refreshed" aria-live="polite" title={t("monitoring.auto_refresh")}>
          {data && t("monitoring.refreshed", { time: updated })}
        </p>
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() => {
            void overview.refetch();
            void utils.mediaGateway.storage.invalidate();
            void utils.mediaGateway.refusals.invalidate();
          }}
          disabled={overview.isFetching}
        >
          <Icon name="refresh" size={16} />
          {t("monitoring.refresh")}
        </button>
      </PageIntro>
      {overview.isError && !data ? (
        <ErrorState onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <ul className="ops-tiles" aria-label={t("monitoring.summary")} aria-busy={!data || undefined}>
            {data ? (
              <>
                <SummaryTile icon="settings" label={t("monitoring.configurations")} items={data.configurations} />
                <SummaryTile
                  icon="camera"
                  label={t("monitoring.cameras")}
                  items={data.configurations.flatMap((configuration) => configuration.cameras)}
                />
                <SummaryTile icon="computer" label={t("monitoring.computers")} items={data.computers} />
                <SummaryTile icon="router" label={t("monitoring.routers")} items={data.routers} />
              </>
            ) : (
              Array.from({ length: 4 }, (_, index) => <li key={index} className="ops-tile skeleton-block" />)
            )}
          </ul>
          <Section title={t("monitoring.configurations")}>
            <ConfigurationsTable configurations={data?.configurations} now={now} />
          </Section>
          <Section title={t("monitoring.computers")}>
            <DataTable
              caption={t("monitoring.computers")}
              columns={deviceColumns}
              rows={data?.computers ?? []}
              rowKey={(device) => device.id}
              loading={!data}
              skeletonRows={3}
              empty={<EmptyState icon="computer" title={t("monitoring.empty_computers")} />}
            />
          </Section>
          <Section title={t("monitoring.routers")}>
            <DataTable
              caption={t("monitoring.routers")}
              columns={deviceColumns}
              rows={data?.routers ?? []}
              rowKey={(device) => device.id}
              loading={!data}
              skeletonRows={3}
              empty={<EmptyState icon="router" title={t("monitoring.empty_routers")} />}
            />
          </Section>
        </>
      )}
      <MediaStorage />
      <RefusedPublishers />
      <FailedJobs />
    </div>
  );
}
