// A route error (spec section 2): 'Page not found' for 404, 'Something went
// wrong' otherwise, the status code (default 500) and the message, and the
// 'Return to Dashboard' link.
import { Link, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { DASHBOARD_HOME } from "../../auth/paths.ts";
import { localeFromPath, localizePath } from "../../i18n/locale.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";

/** The status (an error's own `status`, else 500) and message of whatever a route threw. */
export function describeRouteError(error: unknown): { status: number; message: string | null } {
  const status = (error as { status?: unknown } | null)?.status;
  const message = error instanceof Error ? error.message : null;
  return { status: typeof status === "number" ? status : 500, message: message || null };
}

export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { status, message } = describeRouteError(error);
  const title = status === 404 ? t("errors.page_not_found") : t("errors.something_wrong");
  useDocumentTitle(title);
  return (
    <main id="content" className="empty-layout">
      <div className="error-view" role="alert">
        <p className="error-view__code display">{status}</p>
        <h1 className="error-view__title">{title}</h1>
        {status === 403 && <p className="error-view__message">{t("errors.not_connected")}</p>}
        {message && <p className="error-view__message">{message}</p>}
        <Link to={localizePath(DASHBOARD_HOME, localeFromPath(pathname))} className="button button--primary">
          {t("errors.return_dashboard")}
        </Link>
      </div>
    </main>
  );
}
