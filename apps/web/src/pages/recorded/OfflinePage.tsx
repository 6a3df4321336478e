// Offline recordings (/dashboard/offline): the working club's recordings made
// without a planned match, with bulk actions on the matches made from them.
import { useTranslation } from "react-i18next";
import { ClubPicker, useClubDetails, useWorkingClub } from "../../lib/working-club.tsx";
import { PageHeader } from "../../ui/PageHeader.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import { OfflineTable } from "./OfflineTable.tsx";
import "../../styles/recorded.css";

export default function OfflinePage() {
  const { t } = useTranslation("recorded");
  const { clubId, chooseClub } = useWorkingClub();
  const club = useClubDetails(clubId);
  return (
    <>
      <PageHeader title={t("offline.title")} subtitle={club.data?.data.name ?? t("offline.subtitle")}>
        <ClubPicker value={clubId} onChange={chooseClub} />
      </PageHeader>
      {clubId === null ? (
        <EmptyState icon="trophy" title={t("no_club")} />
      ) : club.isError ? (
        <ErrorState onRetry={() => void club.refetch()} />
      ) : (
        club.data && <OfflineTable club={clubId} timezone={club.data.data.timezone} bulk />
      )}
    </>
  );
}
