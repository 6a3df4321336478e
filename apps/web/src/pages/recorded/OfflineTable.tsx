// A club's offline recordings (recorded by a camera without a planned match) in
// a table: when, how long, which field, and the match made from it. A
// recording becomes a match (status processing, the recording's dates and
// field) through "Turn into a match"; with `bulk` the selected recordings'
// matches can be made private or public, shared or deleted.
import { useId, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { PAGINATION } from "@clubcast/shared";
import { useFormatZoned } from "../../lib/dates.ts";
import { emptyMessageOf, listRows, listStateOf } from "../../lib/list-state.ts";
import { failureMessage } from "../../lib/server-errors.ts";
import { trpc, type RouterOutputs } from "../../lib/trpc.ts";
import { useLocalize } from "../../i18n/useLocale.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { DataTable, type DataTableColumn } from "../../ui/DataTable.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { Pagination, usePageParam } from "../../ui/Pagination.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import { useToast } from "../../ui/Toasts.tsx";
import { recordedMatchPath } from "../scheduler/match-columns.tsx";
import { useBulkMatchActions } from "./useBulkMatchActions.tsx";

export type OfflineRecording = RouterOutputs["offline"]["list"]["data"][number];

/** "1 h 32 min" between two instants. */
export function durationText(start: string, end: string, units: { hours: string; minutes: string }): string {
  const minutes = Math.max(0, Math.round((Date.parse(end) - Date.parse(start)) / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours ? `${hours} ${units.hours} ${rest} ${units.minutes}` : `${rest} ${units.minutes}`;
}

function Switch({ label, checked, onChange }: { label: string; checked: boolean; onChange: (value: boolean) => void }) {
  const id = useId();
  return (
    <div className="switch-field">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch-field__input"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label className="switch-field__label" htmlFor={id}>
        <span className="switch-field__track" aria-hidden="true" />
        {label}
      </label>
    </div>
  );
}

function ToMatchDialog({
  club,
  recording,
  onClose,
}: {
  club: number;
  recording: OfflineRecording;
  onClose: () => void;
}) {
  const { t } = useTranslation("recorded");
  const toast = useToast();
  const navigate = useNavigate();
  const localize = useLocalize();
  const utils = trpc.useUtils();
  const toMatch = trpc.offline.toMatch.useMutation();
  const [options, setOptions] = useState({ is_private: false, is_training: false, create_summary: true });
  const set = (name: keyof typeof options) => (value: boolean) => setOptions((all) => ({ ...all, [name]: value }));

  const confirm = async () => {
    try {
      const answer = await toMatch.mutateAsync({ club, recording: recording.id, ...options });
      toast.success(answer.message);
      await Promise.all([utils.offline.invalidate(), utils.matches.invalidate()]);
      navigate(localize(recordedMatchPath(club, answer.data.id)));
    } catch (error) {
      toast.error(failureMessage(error, t("to_match.failed")));
    }
  };
  return (
    <ConfirmDialog
      open
      title={t("to_match.title")}
      text={t("to_match.text")}
      confirmLabel={t("to_match.confirm")}
      busy={toMatch.isPending}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    >
      <Switch label={t("to_match.is_private")} checked={options.is_private} onChange={set("is_private")} />
      <Switch label={t("to_match.is_training")} checked={options.is_training} onChange={set("is_training")} />
      <Switch label={t("to_match.create_summary")} checked={options.create_summary} onChange={set("create_summary")} />
    </ConfirmDialog>
  );
}

const matchesOfRecordings = (club: number) => (rows: OfflineRecording[]) =>
  rows.flatMap((recording) => (recording.match_id ? [{ id: recording.match_id, club: { id: club } }] : []));

export function OfflineTable({ club, timezone, bulk = false }: { club: number; timezone: string; bulk?: boolean }) {
  const { t } = useTranslation("recorded");
  const formatZoned = useFormatZoned();
  const query = trpc.offline.list.useQuery({ club, page: usePageParam(), limit: PAGINATION.defaultLimit });
  const state = listStateOf(query);
  const [converting, setConverting] = useState<OfflineRecording | null>(null);
  const { bulkActions, dialog } = useBulkMatchActions(club, matchesOfRecordings(club));
  const when = (recording: OfflineRecording) => formatZoned({ date: recording.start_time, timezone }, "card");

  const columns = useMemo<DataTableColumn<OfflineRecording>[]>(
    () => [
      {
        key: "when",
        header: t("offline.columns.when"),
        primary: true,
        cell: (recording) => (
          <time dateTime={recording.start_time}>{formatZoned({ date: recording.start_time, timezone }, "card")}</time>
        ),
      },
      {
        key: "duration",
        header: t("offline.columns.duration"),
        cell: (recording) =>
          durationText(recording.start_time, recording.end_time, { hours: t("units.h"), minutes: t("units.min") }),
      },
      { key: "field", header: t("offline.columns.field"), cell: (recording) => recording.field?.name ?? "–" },
      {
        key: "match",
        header: t("offline.columns.match"),
        cell: (recording) =>
          recording.match_id ? (
            <LocalLink to={recordedMatchPath(club, recording.match_id)} className="text-link">
              {t("offline.open_match")}
            </LocalLink>
          ) : (
            <span className="offline-unmatched">{t("offline.no_match")}</span>
          ),
      },
    ],
    [t, formatZoned, timezone, club],
  );

  if (state === "error") return <ErrorState onRetry={() => void query.refetch()} />;
  return (
    <>
      <DataTable
        caption={t("offline.table")}
        columns={columns}
        rows={listRows(query)}
        rowKey={(recording) => recording.id}
        rowLabel={when}
        loading={state === "loading"}
        bulkActions={bulk ? bulkActions : undefined}
        empty={
          <EmptyState icon="layers" title={emptyMessageOf(query, t("offline.empty"))} text={t("offline.empty_text")} />
        }
        rowActions={(recording) =>
          recording.match_id ? null : (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => setConverting(recording)}
              aria-label={t("offline.to_match_for", { when: when(recording) })}
            >
              <Icon name="plus" size={16} />
              {t("offline.to_match")}
            </button>
          )
        }
      />
      {state === "ready" && <Pagination meta={query.data!.meta} />}
      {converting && <ToMatchDialog club={club} recording={converting} onClose={() => setConverting(null)} />}
      {dialog}
    </>
  );
}
