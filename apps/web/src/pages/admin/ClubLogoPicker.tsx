// Choosing a club's logo file: the club's badge as it will look, a file input
// limited to the formats the server takes, and the same checks of type and
// size before anything is sent. The System page uploads a picked file at once;
// the add-club dialog after it created the club.
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { CLUB_LOGO_MAX_BYTES, CLUB_LOGO_TYPES } from "@clubcast/shared";
import { trpc } from "../../lib/trpc.ts";
import { ClubBadge } from "../../ui/ClubBadge.tsx";
import { FieldMessage } from "../../ui/FormFields.tsx";

/** Why a picked file can't be a logo, or null when it can. */
export function logoFileProblem(file: File): "logo_type" | "logo_too_large" | null {
  if (!(CLUB_LOGO_TYPES as readonly string[]).includes(file.type)) return "logo_type";
  if (file.size > CLUB_LOGO_MAX_BYTES) return "logo_too_large";
  return null;
}

/** The file's bytes in base64, as clubs.setLogo takes them. */
export function logoFileBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error ?? new Error("unreadable file"));
    reader.readAsDataURL(file);
  });
}

/** Uploads a file as a club's logo: clubs.setLogo's answer, or its error thrown. */
export function useUploadLogo() {
  const upload = trpc.clubs.setLogo.useMutation();
  const utils = trpc.useUtils();
  return async (clubId: number, file: File) => {
    const answer = await upload.mutateAsync({ id: clubId, image: await logoFileBase64(file) });
    utils.clubs.get.setData({ id: clubId }, answer);
    void utils.clubs.invalidate();
    return answer;
  };
}

interface ClubLogoPickerProps {
  /** The club's name, for the crest shown while it has no logo. */
  clubName: string;
  /** What the badge shows: the club's logo, or a picked file's preview. */
  preview: string | null;
  error?: string | undefined;
  busy?: boolean;
  onPick(file: File): void;
  /** Offered while the club has a logo. */
  onRemove?: (() => void) | undefined;
}

export function ClubLogoPicker({ clubName, preview, error, busy = false, onPick, onRemove }: ClubLogoPickerProps) {
  const { t } = useTranslation("admin");
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={`field logo-picker${error ? " field--invalid" : ""}`}>
      <span className="field__label" id={`${id}-label`}>
        {t("system.logo")}
      </span>
      <div className="logo-picker__row">
        <ClubBadge key={preview ?? "crest"} name={clubName || "?"} logo={preview} size={64} />
        <input
          id={id}
          className="visually-hidden"
          type="file"
          accept={CLUB_LOGO_TYPES.join(",")}
          disabled={busy}
          aria-labelledby={`${id}-label`}
          aria-invalid={error ? true : undefined}
          aria-describedby={messageId}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Picking the same file again must fire again.
            event.target.value = "";
            if (file) onPick(file);
          }}
        />
        {/* The visible control; the file input before it keeps the keyboard focus (styled through it). */}
        <label className="button button--secondary logo-picker__choose" htmlFor={id}>
          {busy ? t("system.logo_uploading") : t("system.logo_choose")}
        </label>
        {onRemove && (
          <button type="button" className="button button--ghost" disabled={busy} onClick={onRemove}>
            {t("system.logo_remove")}
          </button>
        )}
      </div>
      <FieldMessage id={messageId} error={error} hint={t("system.logo_hint", { limit: CLUB_LOGO_MAX_BYTES / 1024 })} />
    </div>
  );
}
