// The Streaming panel of a configuration whose camera publishes to the media
// gateway (camera type GATEWAY_CAMERA_TYPE): where to point a camera, OBS or a
// phone (the RTMP server and key, the full RTMP URL, the SRT URL), which
// protocol the configuration accepts, and rotating the key. The key and every
// URL that carries it stay masked until "Reveal key" is pressed; copying
// always copies the real value. Rotating drops a publisher using the old key,
// so it asks first.
import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { GATEWAY_CAMERA_TYPE } from "@clubcast/shared";
import { trpc } from "../../lib/trpc.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { CopyField } from "../../ui/CopyField.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { useToast } from "../../ui/Toasts.tsx";
import { configurationName, type Configuration } from "./configuration-form.ts";

/**
 * A configuration whose camera streams to the platform's own media gateway.
 * Its `ingest` addresses come with its stream key: null until it has one.
 */
export function isGatewayConfiguration(configuration: Pick<Configuration, "camera_type">): boolean {
  return configuration.camera_type === GATEWAY_CAMERA_TYPE;
}

export const KEY_MASK = "••••••••••••";

/** `value` with every occurrence of the key masked, unless revealed. */
export function maskKey(value: string, key: string | null, revealed: boolean): string {
  return revealed || !key ? value : value.split(key).join(KEY_MASK);
}

function Protocol({
  name,
  purpose,
  accepted,
  children,
}: {
  name: string;
  purpose: string;
  accepted: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation("configuration");
  const id = useId();
  return (
    <div
      className={`ingest-protocol${accepted ? " ingest-protocol--accepted" : ""}`}
      role="group"
      aria-labelledby={`${id}-title`}
    >
      <div className="ingest-protocol__header">
        <h4 id={`${id}-title`} className="ingest-protocol__title">
          {name}
        </h4>
        <span className={`admin-tag ${accepted ? "admin-tag--srt" : "admin-tag--disabled"}`}>
          <Icon name={accepted ? "check" : "close"} size={14} />
          {accepted ? t("ingest.accepted") : t("ingest.not_accepted")}
        </span>
      </div>
      <p className="ingest-protocol__purpose">{purpose}</p>
      {children}
    </div>
  );
}

export function StreamingPanel({
  configuration,
  onRotated,
  whileRevealed,
}: {
  configuration: Configuration;
  /** Receives the configuration with its new key. */
  onRotated: (configuration: Configuration) => void;
  /** Shown only while the key is revealed: what carries the key in the clear (the go-live page's QR code). */
  whileRevealed?: ReactNode;
}) {
  const { t } = useTranslation("configuration");
  const toast = useToast();
  const utils = trpc.useUtils();
  const titleId = useId();
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [rotated, setRotated] = useState(false);
  const rotate = trpc.configurations.rotateStreamKey.useMutation({
    onSuccess: async (answer) => {
      toast.success(answer.message);
      setConfirming(false);
      // The new key is what the user came for: show it.
      setRevealed(true);
      setRotated(true);
      onRotated(answer.data);
      await utils.configurations.list.invalidate();
    },
    onError: () => toast.error(t("ingest.rotate_failed")),
  });

  const { ingest, stream_key: key, livestream: mode } = configuration;
  const masked = !revealed && key !== null;
  const shown = (value: string) => maskKey(value, key, revealed);
  const name = configurationName(configuration);

  return (
    <section className="ingest" aria-labelledby={titleId}>
      <header className="ingest__header">
        <h3 id={titleId} className="ingest__title">
          <Icon name="broadcast" size={20} />
          {t("ingest.title")}
        </h3>
        <p className="ingest__text">{t("ingest.text")}</p>
      </header>

      <div className={`livestream livestream--${mode} ingest__mode`}>
        <span className="livestream__label">{t("editor.livestream")}</span>
        <span className={`admin-tag admin-tag--${mode}`}>
          {mode === "disabled" && <Icon name="alert" size={14} />}
          {t(`livestream.${mode}`)}
        </span>
        <p className="livestream__text">{t(`ingest.${mode}_text`)}</p>
      </div>

      <div className="ingest__key">
        {key === null || ingest === null ? (
          <p className="ingest__no-key">{t("ingest.no_key")}</p>
        ) : (
          <CopyField label={t("ingest.stream_key")} value={key} shown={shown(key)} masked={masked} />
        )}
        <div className="ingest__actions">
          {key !== null && ingest !== null && (
            <button
              type="button"
              className="button button--ghost"
              aria-pressed={revealed}
              onClick={() => setRevealed((value) => !value)}
            >
              <Icon name={revealed ? "unlock" : "lock"} size={16} />
              {t("ingest.reveal")}
            </button>
          )}
          <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
            <Icon name="refresh" size={16} />
            {t("ingest.rotate")}
          </button>
        </div>
        <p className="ingest__new-key" role="status">
          {rotated && (
            <>
              <Icon name="check" size={16} />
              {t("ingest.new_key", { name })}
            </>
          )}
        </p>
      </div>

      {revealed && key !== null && whileRevealed}

      {ingest && (
        <div className="ingest__protocols">
          <Protocol name={t("ingest.rtmp")} purpose={t("ingest.rtmp_for")} accepted={mode === "rtmp"}>
            <CopyField
              label={t("ingest.rtmp_server")}
              value={ingest.rtmp_server}
              shown={shown(ingest.rtmp_server)}
              hint={t("ingest.rtmp_server_hint")}
            />
            <CopyField
              label={t("ingest.rtmp_url")}
              value={ingest.rtmp_url}
              shown={shown(ingest.rtmp_url)}
              hint={t("ingest.rtmp_url_hint")}
              masked={masked}
            />
          </Protocol>
          <Protocol name={t("ingest.srt")} purpose={t("ingest.srt_for")} accepted={mode === "srt"}>
            <CopyField
              label={t("ingest.srt_url")}
              value={ingest.srt_url}
              shown={shown(ingest.srt_url)}
              hint={t("ingest.srt_url_hint")}
              masked={masked}
            />
          </Protocol>
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        danger
        title={t("ingest.rotate_title")}
        text={t("ingest.rotate_text")}
        confirmLabel={t("ingest.rotate")}
        busy={rotate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => rotate.mutate({ id: configuration.id })}
      />
    </section>
  );
}
