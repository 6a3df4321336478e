// Asks before an action that changes or removes something. While the action
// runs (busy) both buttons wait and the dialog can't be dismissed.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "./Modal.tsx";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: ReactNode;
  /** Defaults to "Confirm". */
  confirmLabel?: string;
  cancelLabel?: string;
  /** A red confirm button, for deleting. */
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Extra inputs the action needs (a club picker, ...). */
  children?: ReactNode;
  /** False keeps the confirm button disabled (e.g. until a choice is made). */
  canConfirm?: boolean;
}

export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel,
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
  children,
  canConfirm = true,
}: ConfirmDialogProps) {
  const { t } = useTranslation("dashboard");
  return (
    <Modal open={open} onClose={() => !busy && onCancel()} title={title}>
      <div className="confirm-dialog__text">{text}</div>
      {children}
      <div className="confirm-dialog__buttons">
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
          {cancelLabel ?? t("actions.cancel")}
        </button>
        <button
          type="button"
          className={`button ${danger ? "button--danger" : "button--primary"}`}
          onClick={onConfirm}
          disabled={busy || !canConfirm}
          aria-busy={busy || undefined}
        >
          {busy && <span className="spinner" aria-hidden="true" />}
          {busy ? t("busy") : (confirmLabel ?? t("actions.confirm"))}
        </button>
      </div>
    </Modal>
  );
}
