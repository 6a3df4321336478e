// All clubs (/dashboard/clubs/all): every activated club, paged.
import { useTranslation } from "react-i18next";
import { PAGINATION } from "@clubcast/shared";
import { trpc } from "../../lib/trpc.ts";
import { PageHeader } from "../../ui/PageHeader.tsx";
import { usePageParam } from "../../ui/Pagination.tsx";
import { ClubGrid } from "./ClubGrid.tsx";

export default function AllClubsPage() {
  const { t } = useTranslation("clubs");
  const query = trpc.clubs.active.useQuery({ page: usePageParam(), limit: PAGINATION.defaultLimit });
  return (
    <>
      <PageHeader
        title={t("all.title")}
        subtitle={query.data ? t("all.subtitle", { count: query.data.meta.total }) : undefined}
      />
      <ClubGrid query={query} emptyTitle={t("all.empty")} />
    </>
  );
}
