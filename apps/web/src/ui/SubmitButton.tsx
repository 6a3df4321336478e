// A form's submit button that says at once that the form is on its way: while
// it is being sent the button turns busy, with a spinner and the form's own
// word for it ("Saving…", "Signing in…"), and can't be pressed twice. Dimmed
// alone, it looked like nothing happened.
import type { ReactNode } from "react";

interface SubmitButtonProps {
  busy: boolean;
  /** What the button says while the form is sent. */
  busyLabel: string;
  className?: string;
  children: ReactNode;
}

export function SubmitButton({ busy, busyLabel, className = "button button--primary", children }: SubmitButtonProps) {
  return (
    <button type="submit" className={className} disabled={busy} aria-busy={busy}>
      {busy && <span className="spinner" aria-hidden="true" />}
      {busy ? busyLabel : children}
    </button>
  );
}
