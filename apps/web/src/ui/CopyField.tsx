// A read-only value with a copy button. The field shows `shown` (the value
// with a key masked, say) while the button always copies `value`. After
// copying, the button says "Copied" with a check for as long as a toast would
// show (and a status line tells screen readers); if the clipboard refuses, an
// error toast says to copy by hand. Focusing the field selects its text.
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { TOAST_DURATION_MS } from "@clubcast/shared";
import { Icon } from "./Icon.tsx";
import { useToast } from "./Toasts.tsx";
import "../styles/copy-field.css";

interface CopyFieldProps {
  label: string;
  /** What the copy button puts on the clipboard. */
  value: string;
  /** What the field displays, e.g. the value masked; the value itself by default. */
  shown?: string;
  hint?: ReactNode;
  /** The field displays the value masked; screen readers are told it is hidden. */
  masked?: boolean;
  /** A secret shown only this once: set off from the fields around it. */
  secret?: boolean;
}

export function CopyField({ label, value, shown = value, hint, masked = false, secret = false }: CopyFieldProps) {
  const { t } = useTranslation("dashboard");
  const toast = useToast();
  const id = useId();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), TOAST_DURATION_MS);
    } catch {
      toast.error(t("copy.failed"));
    }
  };

  const described = [hint && `${id}-hint`, masked && `${id}-masked`].filter(Boolean).join(" ");
  const modifiers = `${secret ? " copy-field__value--secret" : ""}${masked ? " copy-field__value--masked" : ""}`;
  return (
    <div className="field copy-field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="copy-field__row">
        <input
          id={id}
          className={`input copy-field__value${modifiers}`}
          value={shown}
          readOnly
          spellCheck={false}
          autoComplete="off"
          aria-describedby={described || undefined}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          className="button button--secondary copy-field__button"
          onClick={() => void copy()}
          aria-label={t(copied ? "copy.copied_what" : "copy.copy_what", { what: label })}
        >
          <Icon name={copied ? "check" : "copy"} size={16} />
          <span className="copy-field__button-text">{copied ? t("copy.copied") : t("copy.copy")}</span>
        </button>
      </div>
      <span className="visually-hidden" role="status">
        {copied ? t("copy.copied_what", { what: label }) : ""}
      </span>
      {masked && (
        <span id={`${id}-masked`} className="visually-hidden">
          {t("copy.hidden")}
        </span>
      )}
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
