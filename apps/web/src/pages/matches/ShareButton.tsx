import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../ui/Icon.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { useToast } from "../../ui/Toasts.tsx";

export function ShareButton() {
  const { t } = useTranslation();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const url = window.location.href;

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t("match.link_copied"));
      setOpen(false);
    } catch {
      toast.error(t("match.copy_failed"));
    }
  }

  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        <Icon name="share" size={18} />
        {t("match.share")}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={t("match.share_title")}>
        <p>{t("match.share_text")}</p>
        <div className="share-field">
          <label htmlFor="share-url" className="visually-hidden">
            {t("match.link")}
          </label>
          <input id="share-url" className="input" value={url} readOnly onFocus={(event) => event.target.select()} />
          <button type="button" className="button button--primary" onClick={() => void copy()}>
            <Icon name="copy" size={18} />
            {t("match.copy_link")}
          </button>
        </div>
      </Modal>
    </>
  );
}
