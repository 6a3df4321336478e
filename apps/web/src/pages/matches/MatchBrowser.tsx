// Live / upcoming / on-demand tabs over a paged match list; the tab and page
// live in the URL (?status=&page=) so they survive reloads and can be shared.
// The list follows the matches' news (issue 27).
import { Link, useLocation, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { LIST_STATUSES, PAGINATION, type ListStatus } from "@clubcast/shared";
import { useMatchListNews } from "../../lib/match-news.ts";
import { trpc } from "../../lib/trpc.ts";
import { MatchGrid } from "../../ui/MatchSection.tsx";
import { Pagination } from "../../ui/Pagination.tsx";

function listStatusOf(value: string | null): ListStatus {
  return LIST_STATUSES.find((status) => status === value) ?? "live";
}

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : PAGINATION.defaultPage;
}

export function MatchBrowser({ sport }: { sport?: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const status = listStatusOf(params.get("status"));
  const page = pageOf(params.get("page"));
  const utils = trpc.useUtils();
  const query = trpc.matches.list.useQuery({
    status,
    page,
    limit: PAGINATION.defaultLimit,
    ...(sport ? { sport } : {}),
  });
  useMatchListNews(() => void utils.matches.list.invalidate(), query.data?.data ?? []);
  return (
    <div className="match-browser">
      <nav className="tabs" aria-label={t("matches.lists")}>
        {LIST_STATUSES.map((tab) => (
          <Link
            key={tab}
            to={{ pathname, search: `?status=${tab}` }}
            className="tabs__tab"
            aria-current={tab === status ? "page" : undefined}
          >
            {tab === "live" && <span className="status-pill__dot" aria-hidden="true" />}
            {t(`status.${tab}`)}
          </Link>
        ))}
      </nav>
      <MatchGrid
        query={query}
        skeletons={8}
        emptyTitle={t(`matches.empty.${status}`)}
        emptyText={t("matches.empty_hint")}
      />
      {query.data && <Pagination meta={query.data.meta} />}
    </div>
  );
}
