// Success and error toasts, each shown TOAST_DURATION_MS (spec sections 2 and 8):
// top right on desktop, full width at the bottom on mobile (CSS). They live in
// a container of their own under <body>: an open dialog (Modal) makes the page
// behind it inert, and a toast about the dialog's action must still be heard and seen.
import { createPortal } from "react-dom";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { TOAST_DURATION_MS } from "@clubcast/shared";
import { Icon } from "./Icon.tsx";

type ToastKind = "success" | "error";
interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export interface Toaster {
  success(message: string): void;
  error(message: string): void;
}

const ToastContext = createContext<Toaster | null>(null);

export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error("useToast needs a ToastProvider");
  return toaster;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);

  // Toasts still showing when the provider goes (signing out, a test's end) are not dismissed after it.
  const dismissals = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = dismissals.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  const show = useCallback(
    (kind: ToastKind, message: string) => {
      const id = ++nextId.current;
      setToasts((all) => [...all, { id, kind, message }]);
      const timer = setTimeout(() => {
        dismissals.current.delete(timer);
        dismiss(id);
      }, TOAST_DURATION_MS);
      dismissals.current.add(timer);
    },
    [dismiss],
  );
  const toaster = useMemo<Toaster>(
    () => ({ success: (message) => show("success", message), error: (message) => show("error", message) }),
    [show],
  );

  return (
    <ToastContext.Provider value={toaster}>
      {children}
      {createPortal(
        <div className="toasts" role="region" aria-live="polite" aria-label={t("ui.notifications")}>
          {toasts.map((toast) => (
            <div
              key={toast.id}
              className={`toast toast--${toast.kind}`}
              role={toast.kind === "error" ? "alert" : "status"}
            >
              <Icon name={toast.kind === "error" ? "alert" : "check"} className="toast__icon" />
              <span className="toast__message">{toast.message}</span>
              <button
                type="button"
                className="toast__close"
                onClick={() => dismiss(toast.id)}
                aria-label={t("ui.dismiss")}
              >
                <Icon name="close" size={16} />
              </button>
            </div>
          ))}
        </div>,
        document.body,
      )}
    </ToastContext.Provider>
  );
}
