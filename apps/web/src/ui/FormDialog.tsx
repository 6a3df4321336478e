// A form in a lightbox: the form-level alert above the fields, Cancel and the
// submit button below them. The create and edit dialogs of the dashboard share it.
import type { FormEventHandler, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "./FormFields.tsx";
import { Modal } from "./Modal.tsx";
import { SubmitButton } from "./SubmitButton.tsx";

interface FormDialogProps {
  open: boolean;
  /** Closing the lightbox and Cancel both call it. */
  onClose: () => void;
  title: string;
  width: number;
  onSubmit: FormEventHandler<HTMLFormElement>;
  failure: string | null;
  submitLabel: string;
  submitting: boolean;
  children: ReactNode;
}

export function FormDialog({
  open,
  onClose,
  title,
  width,
  onSubmit,
  failure,
  submitLabel,
  submitting,
  children,
}: FormDialogProps) {
  const { t } = useTranslation("dashboard");
  return (
    <Modal open={open} onClose={onClose} title={title} width={width}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <FormAlert message={failure} />
        {children}
        <div className="admin-form__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t("actions.cancel")}
          </button>
          <SubmitButton busy={submitting} busyLabel={t("actions.saving")}>
            {submitLabel}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
