// The camera commands a scheduler requests: what the requester is told, and the
// checks made when one is asked for (the worker runs it later; job-outcomes.ts
// applies its outcome by the rules of lifecycle/).
import { canTransition, type MatchStatus } from "@clubcast/shared";
import { type CameraCommand } from "@clubcast/shared/jobs";
import type { Deps } from "../deps.ts";
import type { OutboxPost } from "../jobs/outbox.ts";
import type { AuthUser } from "../core/context.ts";
import { ConflictError, TRANSITION_REFUSED, ValidationError } from "../core/errors.ts";
import type { MessageKey } from "../core/i18n.ts";
import { COMMAND_EVENTS } from "./lifecycle/confirmed-command.ts";
import { isRecording, recordingMatches } from "./lifecycle/recording.ts";
import type { MatchRow } from "./presenter.ts";

export const REQUESTED_MESSAGES: Record<CameraCommand, MessageKey> = {
  schedule: "match.schedule_requested",
  unschedule: "match.unschedule_requested",
  startRecording: "match.start_recording_requested",
  stopRecording: "match.stop_recording_requested",
  restore: "match.restore_requested",
};

/** What a command refused by the match's status tells: its event's refusal. */
export const refusedMessageOf = (command: CameraCommand): MessageKey => TRANSITION_REFUSED[COMMAND_EVENTS[command]];

export interface PlannedCommand {
  command: CameraCommand;
  configurationId: number;
}

type CameraPlacement = { configurationId: number | null; clubId: number; fieldId: number | null };

export function createCameraCommandPlanner({ prisma }: Pick<Deps, "prisma">) {
  /** The camera configuration a command goes to: the match's, else the main one of its field (null: none). */
  async function findConfigurationFor(match: CameraPlacement): Promise<number | null> {
    if (match.configurationId) return match.configurationId;
    const main = match.fieldId
      ? await prisma.configuration.findFirst({
          where: { clubId: match.clubId, fieldId: match.fieldId, isMain: true },
          orderBy: { id: "asc" },
          select: { id: true },
        })
      : null;
    return main?.id ?? null;
  }

  async function configurationFor(match: CameraPlacement): Promise<number> {
    const configurationId = await findConfigurationFor(match);
    if (configurationId === null) throw ValidationError.field("configuration", "match.no_configuration");
    return configurationId;
  }

  /**
   * 409 naming what the match's status allows, when the state machine refuses the command. A stop
   * is also allowed for a match awaiting its video: its camera records it.
   */
  function assertCommandAllowed(
    { status, startConfirmed = false }: { status: MatchStatus; startConfirmed?: boolean },
    command: CameraCommand,
  ): void {
    const allowed =
      command === "stopRecording"
        ? isRecording({ status, startConfirmed })
        : canTransition(status, COMMAND_EVENTS[command]);
    if (!allowed) throw new ConflictError("match", refusedMessageOf(command), { status });
  }

  /**
   * 409 when the camera already records another match: starting would end that recording, or record
   * the wrong match (one click on a match a week ahead did, with other matches live on the camera).
   */
  async function assertCameraFree(configurationId: number, matchId: number | undefined): Promise<void> {
    const recording = await prisma.match.findFirst({
      where: { configurationId, ...recordingMatches, ...(matchId === undefined ? {} : { id: { not: matchId } }) },
      select: { id: true },
    });
    if (recording) throw new ConflictError("match", "match.camera_busy", { match: recording.id });
  }

  /** Checks a command now (409 for a refused transition, 422 without a configuration); nothing changes yet. */
  async function planCommand(
    match: Pick<MatchRow, "status" | "configurationId" | "clubId" | "fieldId"> &
      Partial<Pick<MatchRow, "startConfirmed">> & { id?: number },
    command: CameraCommand,
    restoreFrom?: number,
  ): Promise<PlannedCommand> {
    assertCommandAllowed(match, command);
    if (restoreFrom === undefined) {
      const configurationId = await configurationFor(match);
      if (command === "startRecording") await assertCameraFree(configurationId, match.id);
      return { command, configurationId };
    }
    const configuration = await prisma.configuration.findFirst({
      where: { id: restoreFrom, clubId: match.clubId },
      select: { id: true },
    });
    if (!configuration) throw ValidationError.field("configuration", "validation.invalid_value");
    return { command, configurationId: configuration.id };
  }

  /** Posts a planned command to the outbox of the change that asks for it; answers its job id. */
  function enqueueCommand(post: OutboxPost, plan: PlannedCommand, matchId: number, user: AuthUser): string {
    return post.cameraCommand({ ...plan, matchId, requestedBy: user.id });
  }

  return { findConfigurationFor, planCommand, enqueueCommand };
}
