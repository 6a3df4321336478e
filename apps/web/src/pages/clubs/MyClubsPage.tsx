// My clubs (/dashboard/clubs): every club for system administrators, paged;
// one's own club for everyone else.
import { useTranslation } from "react-i18next";
import { PAGINATION } from "@clubcast/shared";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { trpc } from "../../lib/trpc.ts";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { PageHeader } from "../../ui/PageHeader.tsx";
import { usePageParam } from "../../ui/Pagination.tsx";
import { ClubGrid } from "./ClubGrid.tsx";

export default function MyClubsPage() {
  const { t } = useTranslation("clubs");
  const isSystem = useAuth().scope === "system";
  const query = trpc.clubs.list.useQuery({ page: usePageParam(), limit: PAGINATION.defaultLimit });
  return (
    <>
      <PageHeader title={isSystem ? t("mine.title_system") : t("mine.title")} subtitle={t("mine.subtitle")}>
        <LocalLink to="/dashboard/clubs/all" className="button button--secondary">
          {t("all.link")}
        </LocalLink>
      </PageHeader>
      <ClubGrid query={query} emptyTitle={t("mine.empty")} />
    </>
  );
}
