// The bulk actions of the recorded and offline tables: make private, make
// public, share with a club, delete. Each asks first (the share dialog also
// picks the club), then runs per match through the API and reports in one toast.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PAGINATION } from "@clubcast/shared";
import { useBulkMatchOperation, type BulkOperation, type MatchRef } from "../../lib/match-operations.ts";
import { trpc } from "../../lib/trpc.ts";
import { ChoiceSelect } from "../../ui/ChoiceSelect.tsx";
import type { BulkAction } from "../../ui/DataTable.tsx";
import { useBulkConfirm } from "./useBulkConfirm.tsx";

type BulkKind = "private" | "public" | "share" | "delete";

function ShareClubSelect({
  exclude,
  value,
  onChange,
}: {
  exclude: number;
  value: string;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation("scheduler");
  const clubs = trpc.clubs.active.useQuery({ page: 1, limit: PAGINATION.maxLimit }, { staleTime: 5 * 60_000 });
  return (
    <ChoiceSelect
      label={t("share.club")}
      value={value}
      onChange={onChange}
      placeholder={clubs.isPending ? t("share.loading") : t("share.choose")}
      options={(clubs.data?.data ?? []).filter((club) => club.id !== exclude)}
    />
  );
}

/**
 * `matchesOf` turns the selected rows into the matches to change; rows without
 * one (an offline recording not yet a match) are left out and said so.
 */
export function useBulkMatchActions<T>(
  club: number,
  matchesOf: (rows: T[]) => MatchRef[],
): { bulkActions: BulkAction<T>[]; dialog: ReactNode } {
  const { t } = useTranslation("recorded");
  const runBulk = useBulkMatchOperation();
  const { ask, dialog } = useBulkConfirm<BulkKind, T>(({ kind, rows }, shareWith, setShareWith) => {
    const matches = matchesOf(rows);
    const skipped = rows.length - matches.length;
    const operation: BulkOperation =
      kind === "share"
        ? { kind: "share", club: Number(shareWith) }
        : kind === "delete"
          ? { kind: "delete" }
          : { kind: "private", value: kind === "private" };
    return {
      danger: kind === "delete",
      title: t(`bulk.${kind}_title`, { count: matches.length }),
      text: (
        <>
          <p>{t(`bulk.${kind}_text`, { count: matches.length })}</p>
          {skipped > 0 && <p className="bulk-skipped">{t("bulk.skipped", { count: skipped })}</p>}
        </>
      ),
      confirmLabel: t(`bulk.${kind}_confirm`),
      canConfirm: matches.length > 0 && (kind !== "share" || shareWith !== ""),
      chooser: kind === "share" && <ShareClubSelect exclude={club} value={shareWith} onChange={setShareWith} />,
      run: () => runBulk(matches, operation),
    };
  });

  const bulkActions: BulkAction<T>[] = [
    { key: "private", label: t("bulk.make_private"), icon: "lock", run: ask("private") },
    { key: "public", label: t("bulk.make_public"), icon: "unlock", run: ask("public") },
    { key: "share", label: t("bulk.share"), icon: "share", run: ask("share") },
    { key: "delete", label: t("bulk.delete"), icon: "trash", danger: true, run: ask("delete") },
  ];
  return { bulkActions, dialog };
}
