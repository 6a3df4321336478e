// Page links in a bottom bar; the page lives in the URL (?page=n, or another
// parameter when a screen has several paged lists).
import { Link, useLocation, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { Icon } from "./Icon.tsx";

export interface PageMeta {
  current_page: number;
  last_page: number;
  total: number;
  from: number | null;
  to: number | null;
}

/** The page numbers to show: first, last, and two around the current one, with gaps as null. */
export function pageWindow(current: number, last: number): (number | null)[] {
  const pages = new Set([1, last, current - 1, current, current + 1].filter((p) => p >= 1 && p <= last));
  const sorted = [...pages].sort((a, b) => a - b);
  return sorted.flatMap((page, index) => (index > 0 && page - sorted[index - 1]! > 1 ? [null, page] : [page]));
}

/** The page number a `?page=` (or other) parameter asks for; 1 when missing or not a page number. */
export function usePageParam(param = "page"): number {
  const [params] = useSearchParams();
  const page = Number(params.get(param));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function Pagination({ meta, param = "page" }: { meta: PageMeta; param?: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  if (meta.last_page <= 1) return null;
  const href = (page: number) => {
    const params = new URLSearchParams(search);
    params.set(param, String(page));
    return `${pathname}?${params}`;
  };
  const current = meta.current_page;
  return (
    <nav className="pagination" aria-label={t("pagination.label")}>
      <p className="pagination__summary">
        {t("pagination.summary", { from: meta.from ?? 0, to: meta.to ?? 0, total: meta.total })}
      </p>
      <ul className="pagination__pages">
        <li>
          {current > 1 ? (
            <Link className="pagination__step" to={href(current - 1)} rel="prev">
              <Icon name="chevronLeft" size={18} />
              <span>{t("pagination.previous")}</span>
            </Link>
          ) : (
            <span className="pagination__step pagination__step--disabled" aria-disabled="true">
              <Icon name="chevronLeft" size={18} />
              <span>{t("pagination.previous")}</span>
            </span>
          )}
        </li>
        {pageWindow(current, meta.last_page).map((page, index) =>
          page === null ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              <Link
                className="pagination__page"
                to={href(page)}
                aria-current={page === current ? "page" : undefined}
                aria-label={t("pagination.page", { page })}
              >
                {page}
              </Link>
            </li>
          ),
        )}
        <li>
          {current < meta.last_page ? (
            <Link className="pagination__step" to={href(current + 1)} rel="next">
              <span>{t("pagination.next")}</span>
              <Icon name="chevronRight" size={18} />
            </Link>
          ) : (
            <span className="pagination__step pagination__step--disabled" aria-disabled="true">
              <span>{t("pagination.next")}</span>
              <Icon name="chevronRight" size={18} />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
