// Go live (issue 27): where a club's streams staff point a camera, OBS or a
// phone app, without a system administrator. For each of the working club's
// cameras that publish to the media gateway: whether it is publishing right
// now with its link's figures (polled like the Streams page's previews), the
// RTMP and SRT addresses and the stream key with copy buttons, the key hidden
// until revealed (StreamingPanel, which also rotates it after a confirmation),
// a QR code of the full RTMP URL for phone streaming apps while the key is
// shown, and the encoder settings the gateway expects (RECOMMENDED_ENCODER).
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { publisherHealth, RECOMMENDED_ENCODER, type PublisherStats } from "@clubcast/shared";
import { emptyMessageOf } from "../../lib/list-state.ts";
import { trpc } from "../../lib/trpc.ts";
import { ClubPicker, useWorkingClub } from "../../lib/working-club.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import { StreamingPanel } from "../configuration/StreamingPanel.tsx";
import type { Configuration } from "../configuration/configuration-form.ts";
import { FigureList, LinkStats } from "./PublishRefusals.tsx";
import { PageIntro } from "./PageIntro.tsx";
import { PREVIEWS_REFRESH_MS } from "./StreamsPage.tsx";
import "../../styles/admin.css";
import "../../styles/operations.css";
import "../../styles/go-live.css";

/** The full RTMP URL (server and key) as a QR code phone streaming apps scan. */
function IngestQrCode({ url, label }: { url: string; label: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import("qrcode").then(({ toDataURL }) =>
      toDataURL(url, { margin: 2, width: 240, errorCorrectionLevel: "M" }).then((data) => {
        if (current) setImage(data);
      }),
    );
    return () => {
      current = false;
    };
  }, [url]);
  return (
    <figure className="go-live__qr">
      {image ? <img src={image} alt={label} width={240} height={240} /> : <div className="go-live__qr-placeholder" />}
      <figcaption>{label}</figcaption>
    </figure>
  );
}

function PublishingState({ publishing, stats }: { publishing: boolean; stats: PublisherStats | null }) {
  const { t } = useTranslation("admin");
  const health = publisherHealth(stats);
  return (
    <div className="go-live__state" role="status">
      {publishing ? (
        <>
          <p className="go-live__publishing">
            <span className="preview-card__live" aria-hidden="true" />
            {t("go_live.publishing")}
            {health !== "unknown" && (
              <span className={`admin-tag go-live__health go-live__health--${health}`}>
                {t(`go_live.health_${health}`)}
              </span>
            )}
          </p>
          <LinkStats stats={stats} />
        </>
      ) : (
        <p className="go-live__idle">
          <Icon name="broadcast" size={16} />
          {t("go_live.not_publishing")}
        </p>
      )}
    </div>
  );
}

function EncoderSettings() {
  const { t } = useTranslation("admin");
  const titleId = useId();
  const encoder = RECOMMENDED_ENCODER;
  const rows: [string, string][] = [
    [t("go_live.resolution"), t("go_live.resolution_value", { ...encoder })],
    [t("go_live.video"), t("go_live.video_value", { ...encoder })],
    [t("go_live.keyframes"), t("go_live.keyframes_value", { seconds: encoder.keyframeIntervalSeconds })],
    [
      t("go_live.audio"),
      t("go_live.audio_value", { codec: encoder.audioCodec, khz: encoder.audioSampleRateHz / 1000 }),
    ],
  ];
  return (
    <section className="go-live__encoder" aria-labelledby={titleId}>
      <h2 id={titleId} className="ops-section__title">
        {t("go_live.encoder_title")}
      </h2>
      <FigureList rows={rows} />
    </section>
  );
}

function CameraCard({
  configuration,
  publishing,
  stats,
}: {
  configuration: Configuration;
  publishing: boolean;
  stats: PublisherStats | null;
}) {
  const { t } = useTranslation("admin");
  const utils = trpc.useUtils();
  const titleId = useId();
  const name = configuration.field?.name ?? t("previews.no_field");
  return (
    <li className="go-live__camera">
      <article aria-labelledby={titleId}>
        <h2 id={titleId} className="go-live__title">
          {name}
          <span className="ops-muted"> · {configuration.barcode ?? `#${configuration.id}`}</span>
        </h2>
        <PublishingState publishing={publishing} stats={stats} />
        <StreamingPanel
          configuration={configuration}
          onRotated={() => void utils.configurations.gatewayOfClub.invalidate()}
          whileRevealed={
            configuration.ingest && (
              <IngestQrCode url={configuration.ingest.rtmp_url} label={t("go_live.qr_label", { name })} />
            )
          }
        />
      </article>
    </li>
  );
}

export default function GoLivePage() {
  const { t } = useTranslation("admin");
  const { clubId, chooseClub } = useWorkingClub();
  const cameras = trpc.configurations.gatewayOfClub.useQuery({ id: clubId ?? 0 }, { enabled: clubId !== null });
  const previews = trpc.mediaGateway.previews.useQuery(
    { club: clubId ?? 0 },
    { enabled: clubId !== null, refetchInterval: PREVIEWS_REFRESH_MS },
  );
  const publishers = new Map((previews.data?.data ?? []).map((preview) => [preview.configuration.id, preview]));

  let content;
  if (clubId === null) content = <EmptyState icon="broadcast" title={t("previews.choose_club")} />;
  else if (cameras.isError) content = <ErrorState onRetry={() => void cameras.refetch()} />;
  else if (cameras.isPending) content = <div className="go-live__camera skeleton-block" aria-busy="true" />;
  else if (cameras.data.data.length === 0)
    content = (
      <EmptyState
        icon="broadcast"
        title={emptyMessageOf(cameras, t("go_live.no_cameras"))}
        text={t("go_live.no_cameras_text")}
      />
    );
  else
    content = (
      <ul className="go-live__cameras">
        {cameras.data.data.map((configuration) => {
          const publisher = publishers.get(configuration.id);
          return (
            <CameraCard
              key={configuration.id}
              configuration={configuration}
              publishing={publisher !== undefined}
              stats={publisher?.stats ?? null}
            />
          );
        })}
      </ul>
    );

  return (
    <div className="admin-page go-live">
      <PageIntro title={t("go_live.title")} text={t("go_live.text")}>
        <ClubPicker value={clubId} onChange={chooseClub} />
      </PageIntro>
      {content}
      <EncoderSettings />
    </div>
  );
}
