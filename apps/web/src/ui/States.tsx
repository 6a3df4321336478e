// The empty and error states every list shows.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Icon, type IconName } from "./Icon.tsx";

export function EmptyState({
  title,
  text,
  icon = "video",
  action,
}: {
  title: string;
  text?: string;
  icon?: IconName;
  action?: ReactNode;
}) {
  return (
    <div className="state state--empty">
      <span className="state__icon">
        <Icon name={icon} size={28} />
      </span>
      <p className="state__title">{title}</p>
      {text && <p className="state__text">{text}</p>}
      {action}
    </div>
  );
}

export function ErrorState({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="state state--error" role="alert">
      <span className="state__icon">
        <Icon name="alert" size={28} />
      </span>
      <p className="state__title">{t("states.error_title")}</p>
      <p className="state__text">{t("states.error_text")}</p>
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t("states.retry")}
        </button>
      )}
    </div>
  );
}
