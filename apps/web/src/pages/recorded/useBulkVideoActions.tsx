// The bulk actions of the clips and summaries tables: download as one zip, make
// private or public, share with a team (asks which), delete (asks first). Each
// is one API call over the selected rows, answered by one toast; a failure names
// what failed ("1 of 3 clips could not be downloaded: #12 not ready").
import { useCallback, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { failureMessage } from "../../lib/server-errors.ts";
import { trpc, type RouterOutputs } from "../../lib/trpc.ts";
import { ChoiceSelect } from "../../ui/ChoiceSelect.tsx";
import type { BulkAction } from "../../ui/DataTable.tsx";
import { useToast } from "../../ui/Toasts.tsx";
import { useBulkConfirm } from "./useBulkConfirm.tsx";

export type VideoKind = "clips" | "summaries";
export type VideoRow =
  RouterOutputs["clips"]["ofClub"]["data"][number] | RouterOutputs["summaries"]["ofClub"]["data"][number];

type BulkKind = "download" | "private" | "public" | "share" | "delete";
type BulkResult = { message: string; data: { failed: { id: number; reason: string }[]; url?: string } };

function ShareTeamSelect({ club, value, onChange }: { club: number; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation("recorded");
  const teams = trpc.teams.ofClub.useQuery({ id: club }, { staleTime: 60_000 });
  return (
    <ChoiceSelect
      label={t("videos.share_team")}
      value={value}
      onChange={onChange}
      placeholder={teams.isPending ? t("videos.loading") : t("videos.choose_team")}
      options={(teams.data?.data ?? []).map((team) => ({ id: team.id, name: team.fullname }))}
    />
  );
}

/** Has the browser save the zip a signed URL serves. */
function saveFile(url: string) {
  const link = document.createElement("a");
  link.href = url;
  link.download = "";
  document.body.append(link);
  link.click();
  link.remove();
}

export function useBulkVideoActions(
  kind: VideoKind,
  club: number,
): { bulkActions: BulkAction<VideoRow>[]; dialog: ReactNode } {
  const { t } = useTranslation("recorded");
  const toast = useToast();
  const utils = trpc.useUtils();
  const { client } = utils;

  /** Runs one bulk action over the rows and tells how it went in one toast. */
  const run = useCallback(
    async (action: BulkKind, rows: VideoRow[], teamId?: number) => {
      const calls = client[kind];
      const ids = rows.map((row) => row.id);
      const what = t(`videos.${kind}_count`, { count: rows.length });
      try {
        const answer: BulkResult =
          action === "download"
            ? await calls.download.mutate({ club, ids })
            : action === "share"
              ? await calls.share.mutate({ club, ids, team: teamId ?? 0 })
              : action === "delete"
                ? await calls.deleteMany.mutate({ club, ids })
                : await calls.setPrivate.mutate({ club, ids, private: action === "private" });
        const { failed } = answer.data;
        if (failed.length === 0) toast.success(answer.message);
        else {
          const reasons = failed.map((failure) => `#${failure.id} ${failure.reason}`).join(", ");
          toast.error(t(`videos.partly_failed.${action}`, { failed: failed.length, what, reasons }));
        }
        if (answer.data.url) saveFile(answer.data.url);
      } catch (error) {
        toast.error(t(`videos.failed.${action}`, { what, error: failureMessage(error, t("videos.try_again")) }));
      } finally {
        await utils[kind].invalidate();
      }
    },
    [client, club, kind, t, toast, utils],
  );

  const { ask, dialog } = useBulkConfirm<"share" | "delete", VideoRow>(({ kind: action, rows }, team, setTeam) => ({
    danger: action === "delete",
    title: t(`videos.${action}_title`, { what: t(`videos.${kind}_count`, { count: rows.length }) }),
    text: <p>{t(`videos.${action}_text`, { count: rows.length })}</p>,
    confirmLabel: t(`videos.bulk.${action}`),
    canConfirm: action !== "share" || team !== "",
    chooser: action === "share" && <ShareTeamSelect club={club} value={team} onChange={setTeam} />,
    run: () => run(action, rows, Number(team)),
  }));

  const bulkActions = useMemo<BulkAction<VideoRow>[]>(() => {
    const now = (action: BulkKind) => (rows: VideoRow[]) => void run(action, rows);
    return [
      { key: "download", label: t("videos.bulk.download"), icon: "download", run: now("download") },
      { key: "private", label: t("videos.bulk.private"), icon: "lock", run: now("private") },
      { key: "public", label: t("videos.bulk.public"), icon: "unlock", run: now("public") },
      { key: "share", label: t("videos.bulk.share"), icon: "share", run: ask("share") },
      { key: "delete", label: t("videos.bulk.delete"), icon: "trash", danger: true, run: ask("delete") },
    ];
  }, [ask, run, t]);
  return { bulkActions, dialog };
}
