// My clubs (/dashboard/clubs): every club for system administrators, paged,
// where they add clubs too; one's own club for everyone else.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PAGINATION } from "@clubcast/shared";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { trpc } from "../../lib/trpc.ts";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { PageHeader } from "../../ui/PageHeader.tsx";
import { usePageParam } from "../../ui/Pagination.tsx";
import { AddClubDialog } from "./AddClubDialog.tsx";
import { ClubGrid } from "./ClubGrid.tsx";

export default function MyClubsPage() {
  const { t } = useTranslation("clubs");
  const isSystem = useAuth().scope === "system";
  const query = trpc.clubs.list.useQuery({ page: usePageParam(), limit: PAGINATION.defaultLimit });
  const [adding, setAdding] = useState(false);
  return (
    <>
      <PageHeader title={isSystem ? t("mine.title_system") : t("mine.title")} subtitle={t("mine.subtitle")}>
        {isSystem && (
          <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
            {t("add.open")}
          </button>
        )}
        <LocalLink to="/dashboard/clubs/all" className="button button--secondary">
          {t("all.link")}
        </LocalLink>
      </PageHeader>
      <ClubGrid query={query} emptyTitle={t("mine.empty")} />
      {isSystem && <AddClubDialog open={adding} onClose={() => setAdding(false)} />}
    </>
  );
}
