// A modal dialog (Headless UI's Dialog): named by its title, closes on Escape
// and on a click outside, keeps keyboard focus inside while open and gives it
// back to where it was on close.
import { CloseButton, Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "./Icon.tsx";

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  width?: number;
}

export function Modal({ open, onClose, title, children, width = 480 }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} className="modal-backdrop">
      <DialogPanel className="modal" style={{ maxWidth: width }}>
        <div className="modal__header">
          <DialogTitle as="h2" className="modal__title">
            {title}
          </DialogTitle>
          {/* Focus starts on it, as on the first control of the dialog. */}
          <CloseButton className="icon-button" aria-label={t("ui.close")} autoFocus>
            <Icon name="close" />
          </CloseButton>
        </div>
        <div className="modal__body">{children}</div>
      </DialogPanel>
    </Dialog>
  );
}
