// Everything one can do to a club's match (spec section 4) from one menu:
// the camera commands (enabled by the shared state machine), privacy, sharing,
// restore from a configuration and delete, with a dialog where a choice or a
// confirmation is needed.
import { useState } from "react";
import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from "@headlessui/react";
import { useTranslation } from "react-i18next";
import {
  canTransition,
  EARLY_RECORDING_CONFIRM_MINUTES,
  EDITABLE_MATCH_STATUSES,
  PAGINATION,
  type MatchEvent,
} from "@clubcast/shared";
import { useMatchOperations, type CameraCommand } from "../../lib/match-operations.ts";
import type { Match } from "../../lib/matches.ts";
import { trpc } from "../../lib/trpc.ts";
import { ChoiceSelect } from "../../ui/ChoiceSelect.tsx";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { Icon, type IconName } from "../../ui/Icon.tsx";
import { useMatchPlace } from "./match-columns.tsx";
import "../../styles/scheduler.css";

const COMMANDS: { command: CameraCommand; icon: IconName }[] = [
  { command: "schedule", icon: "calendarClock" },
  { command: "unschedule", icon: "calendar" },
  { command: "startRecording", icon: "record" },
  { command: "stopRecording", icon: "stop" },
];

type Dialog = "share" | "restore" | "delete" | "early-recording" | null;

/** Whether starting to record now is far enough before kick-off to ask first (one click recorded a match a week ahead). */
const startsLater = (match: Match, now: number) =>
  Date.parse(match.starting_at.date) - now > EARLY_RECORDING_CONFIRM_MINUTES * 60_000;

function ShareDialog({ match, onClose }: { match: Match; onClose: () => void }) {
  const { t } = useTranslation("scheduler");
  const operations = useMatchOperations();
  const clubs = trpc.clubs.active.useQuery({ page: 1, limit: PAGINATION.maxLimit }, { staleTime: 5 * 60_000 });
  const [clubId, setClubId] = useState("");
  const [busy, setBusy] = useState(false);
  return (
    <ConfirmDialog
      open
      title={t("share.title")}
      text={t("share.text")}
      confirmLabel={t("share.confirm")}
      busy={busy}
      canConfirm={clubId !== ""}
      onCancel={onClose}
      onConfirm={async () => {
        setBusy(true);
        const done = await operations.share(match, { club: Number(clubId) });
        setBusy(false);
        if (done) onClose();
      }}
    >
      <ChoiceSelect
        label={t("share.club")}
        value={clubId}
        onChange={setClubId}
        placeholder={clubs.isPending ? t("share.loading") : t("share.choose")}
        options={(clubs.data?.data ?? []).filter((club) => club.id !== match.club.id)}
      />
    </ConfirmDialog>
  );
}

function RestoreDialog({ match, onClose }: { match: Match; onClose: () => void }) {
  const { t } = useTranslation("scheduler");
  const operations = useMatchOperations();
  const configurations = trpc.configurations.ofClub.useQuery({ id: match.club.id }, { retry: false });
  const [configurationId, setConfigurationId] = useState(match.configuration_id ? String(match.configuration_id) : "");
  const [busy, setBusy] = useState(false);
  const options = (configurations.data?.data ?? []).map((configuration) => ({
    id: configuration.id,
    name: [configuration.field?.name, configuration.sa_camera_name ?? configuration.barcode ?? `#${configuration.id}`]
      .filter(Boolean)
      .join(" · "),
  }));
  return (
    <ConfirmDialog
      open
      title={t("restore.title")}
      text={t("restore.text")}
      confirmLabel={t("restore.confirm")}
      busy={busy}
      canConfirm={configurationId !== ""}
      onCancel={onClose}
      onConfirm={async () => {
        setBusy(true);
        const done = await operations.restore(match, Number(configurationId));
        setBusy(false);
        if (done) onClose();
      }}
    >
      {configurations.isError ? (
        <p className="form-alert form-alert--error">{t("restore.no_configurations")}</p>
      ) : (
        <ChoiceSelect
          label={t("restore.configuration")}
          value={configurationId}
          onChange={setConfigurationId}
          placeholder={configurations.isPending ? t("share.loading") : t("restore.choose")}
          options={options}
        />
      )}
    </ConfirmDialog>
  );
}

function DeleteDialog({
  match,
  title,
  onClose,
  onDeleted,
}: {
  match: Match;
  title: string;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation("scheduler");
  const operations = useMatchOperations();
  const [busy, setBusy] = useState(false);
  return (
    <ConfirmDialog
      open
      danger
      title={t("delete.title")}
      text={t("delete.text", { match: title })}
      confirmLabel={t("delete.confirm")}
      busy={busy}
      onCancel={onClose}
      onConfirm={async () => {
        setBusy(true);
        const done = await operations.remove(match);
        setBusy(false);
        if (!done) return;
        onClose();
        onDeleted?.();
      }}
    />
  );
}

function EarlyRecordingDialog({ match, title, onClose }: { match: Match; title: string; onClose: () => void }) {
  const { t } = useTranslation("scheduler");
  const operations = useMatchOperations();
  const placeOf = useMatchPlace();
  return (
    <ConfirmDialog
      open
      title={t("early_recording.title")}
      text={t("early_recording.text", {
        match: title,
        place: placeOf(match),
        minutes: EARLY_RECORDING_CONFIRM_MINUTES,
      })}
      confirmLabel={t("early_recording.confirm")}
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        void operations.command(match, "startRecording");
      }}
    />
  );
}

interface MatchActionsProps {
  match: Match;
  /** The match's name in labels ("Actions for …"). */
  title: string;
  /** Offers editing (the scheduler). */
  onEdit?: (match: Match) => void;
  /** After a delete (e.g. leave the match's page). */
  onDeleted?: () => void;
}

export function MatchActions({ match, title, onEdit, onDeleted }: MatchActionsProps) {
  const { t } = useTranslation("scheduler");
  const operations = useMatchOperations();
  const [dialog, setDialog] = useState<Dialog>(null);
  const allows = (event: MatchEvent) => canTransition(match.status, event);
  // A match awaiting its video is recorded already: it may only be stopped, not deleted.
  const recording = match.status === "live" || match.awaiting_video;
  const commandAllowed = (command: CameraCommand) =>
    match.awaiting_video ? command === "stopRecording" : allows(command);
  const shared = match.shared_with.opponent || match.shared_with.club !== null;
  const close = () => setDialog(null);
  const placeOf = useMatchPlace();
  const runCommand = (command: CameraCommand) => {
    if (command === "startRecording" && startsLater(match, Date.now())) setDialog("early-recording");
    else void operations.command(match, command);
  };

  return (
    <>
      <Menu as="div" className="action-menu">
        <MenuButton
          className="button button--secondary button--small action-menu__button"
          aria-label={t("actions.for", { match: title })}
        >
          {t("actions.menu")}
          <Icon name="chevronDown" size={16} />
        </MenuButton>
        <MenuItems anchor={{ to: "bottom end", gap: 6 }} className="action-menu__items" modal={false}>
          {/* Which match the actions are for: rows of the same clubs differ by date and field. */}
          <p className="action-menu__heading">
            <span className="action-menu__title">{title}</span>
            {placeOf(match)}
          </p>
          {onEdit && (
            <MenuItem disabled={!EDITABLE_MATCH_STATUSES.includes(match.status)}>
              <button type="button" className="action-menu__item" onClick={() => onEdit(match)}>
                <Icon name="pencil" size={18} />
                {t("actions.edit")}
              </button>
            </MenuItem>
          )}
          {COMMANDS.map(({ command, icon }) => (
            <MenuItem key={command} disabled={!commandAllowed(command)}>
              <button type="button" className="action-menu__item" onClick={() => runCommand(command)}>
                <Icon name={icon} size={18} />
                {t(`actions.${command}`)}
              </button>
            </MenuItem>
          ))}
          <MenuSeparator className="action-menu__separator" />
          <MenuItem>
            <button
              type="button"
              className="action-menu__item"
              onClick={() => void operations.setPrivate(match, !match.is_private)}
            >
              <Icon name={match.is_private ? "unlock" : "lock"} size={18} />
              {match.is_private ? t("actions.make_public") : t("actions.make_private")}
            </button>
          </MenuItem>
          <MenuItem>
            <button type="button" className="action-menu__item" onClick={() => setDialog("share")}>
              <Icon name="share" size={18} />
              {t("actions.share_club")}
            </button>
          </MenuItem>
          <MenuItem disabled={match.shared_with.opponent}>
            <button
              type="button"
              className="action-menu__item"
              onClick={() => void operations.share(match, { opponent: true })}
            >
              <Icon name="users" size={18} />
              {t("actions.share_opponent")}
            </button>
          </MenuItem>
          <MenuItem disabled={!shared}>
            <button type="button" className="action-menu__item" onClick={() => void operations.unshare(match)}>
              <Icon name="unlink" size={18} />
              {t("actions.unshare")}
            </button>
          </MenuItem>
          <MenuItem disabled={!allows("restore")}>
            <button type="button" className="action-menu__item" onClick={() => setDialog("restore")}>
              <Icon name="restore" size={18} />
              {t("actions.restore")}
            </button>
          </MenuItem>
          <MenuSeparator className="action-menu__separator" />
          <MenuItem disabled={recording}>
            <button
              type="button"
              className="action-menu__item action-menu__item--danger"
              onClick={() => setDialog("delete")}
            >
              <Icon name="trash" size={18} />
              {t("actions.delete")}
            </button>
          </MenuItem>
        </MenuItems>
      </Menu>
      {dialog === "share" && <ShareDialog match={match} onClose={close} />}
      {dialog === "restore" && <RestoreDialog match={match} onClose={close} />}
      {dialog === "delete" && <DeleteDialog match={match} title={title} onClose={close} onDeleted={onDeleted} />}
      {dialog === "early-recording" && <EarlyRecordingDialog match={match} title={title} onClose={close} />}
    </>
  );
}
