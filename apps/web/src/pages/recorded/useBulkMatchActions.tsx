// The bulk actions of the recorded and offline tables: make private, make
// public, share with a club, delete. Each asks first (the share dialog also
// picks the club), then runs per match through the API and reports in one toast.
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PAGINATION } from "@clubcast/shared";
import { useBulkMatchOperation, type BulkOperation, type MatchRef } from "../../lib/match-operations.ts";
import { trpc } from "../../lib/trpc.ts";
import { ChoiceSelect } from "../../ui/ChoiceSelect.tsx";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import type { BulkAction } from "../../ui/DataTable.tsx";

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
  const [pending, setPending] = useState<{ kind: BulkKind; rows: T[] } | null>(null);
  const [shareWith, setShareWith] = useState("");
  const [busy, setBusy] = useState(false);

  const ask = (kind: BulkKind) => (rows: T[]) => {
    setShareWith("");
    setPending({ kind, rows });
  };
  const bulkActions: BulkAction<T>[] = [
    { key: "private", label: t("bulk.make_private"), icon: "lock", run: ask("private") },
    { key: "public", label: t("bulk.make_public"), icon: "unlock", run: ask("public") },
    { key: "share", label: t("bulk.share"), icon: "share", run: ask("share") },
    { key: "delete", label: t("bulk.delete"), icon: "trash", danger: true, run: ask("delete") },
  ];

  let dialog: ReactNode = null;
  if (pending) {
    const matches = matchesOf(pending.rows);
    const skipped = pending.rows.length - matches.length;
    const operation: BulkOperation =
      pending.kind === "share"
        ? { kind: "share", club: Number(shareWith) }
        : pending.kind === "delete"
          ? { kind: "delete" }
          : { kind: "private", value: pending.kind === "private" };
    const confirm = async () => {
      setBusy(true);
      await runBulk(matches, operation);
      setBusy(false);
      setPending(null);
    };
    dialog = (
      <ConfirmDialog
        open
        danger={pending.kind === "delete"}
        title={t(`bulk.${pending.kind}_title`, { count: matches.length })}
        text={
          <>
            <p>{t(`bulk.${pending.kind}_text`, { count: matches.length })}</p>
            {skipped > 0 && <p className="bulk-skipped">{t("bulk.skipped", { count: skipped })}</p>}
          </>
        }
        confirmLabel={t(`bulk.${pending.kind}_confirm`)}
        busy={busy}
        canConfirm={matches.length > 0 && (pending.kind !== "share" || shareWith !== "")}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
      >
        {pending.kind === "share" && <ShareClubSelect exclude={club} value={shareWith} onChange={setShareWith} />}
      </ConfirmDialog>
    );
  }
  return { bulkActions, dialog };
}
