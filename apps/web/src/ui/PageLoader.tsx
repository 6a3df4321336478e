import { useTranslation } from "react-i18next";

/** The football animation shown while a page or the session loads. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="page-loader" role="status">
      <svg
        className="page-loader__ball"
        viewBox="0 0 48 48"
        width="48"
        height="48"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="24" cy="24" r="21" fill="#fff" stroke="currentColor" strokeWidth="2.5" />
        <path d="M24 15l7 5-2.7 8.3h-8.6L17 20z" fill="currentColor" />
        <path
          d="M24 15V5M31 20l9-4M28.3 28.3l6 8M19.7 28.3l-6 8M17 20l-9-4"
          stroke="currentColor"
          strokeWidth="2.5"
          fill="none"
        />
      </svg>
      <span className="page-loader__shadow" aria-hidden="true" />
      <span className="visually-hidden">{t("app.loading")}</span>
    </div>
  );
}
