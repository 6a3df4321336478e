// What became of the camera commands this user asked for (issue 16): a command
// is pending from the moment the server took it until the worker's outcome
// arrives (user.message about its match). A failure, or no outcome within
// CAMERA_COMMAND_OUTCOME_WITHIN_MS (no worker took it, or its outcome was
// lost), stays on the match's row until the next command on it.
import { useSyncExternalStore } from "react";
import { CAMERA_COMMAND_OUTCOME_WITHIN_MS, type CameraCommand } from "@clubcast/shared/jobs";

export type CommandProgress =
  | { state: "pending"; command: CameraCommand }
  /** `command` is null for a failure of an operation this page did not ask for (another tab, before a reload). */
  | { state: "failed"; command: CameraCommand | null; detail: string | null };

const progress = new Map<number, CommandProgress>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function set(match: number, next: CommandProgress | null): void {
  clearTimeout(timers.get(match));
  timers.delete(match);
  if (next) progress.set(match, next);
  else progress.delete(match);
  for (const listener of listeners) listener();
}

/** The server took `command` for `match`: pending until its outcome, failed (and `onTimeout` called) without one. */
export function commandPending(match: number, command: CameraCommand, onTimeout: () => void): void {
  set(match, { state: "pending", command });
  timers.set(
    match,
    setTimeout(() => {
      set(match, { state: "failed", command, detail: null });
      onTimeout();
    }, CAMERA_COMMAND_OUTCOME_WITHIN_MS),
  );
}

/** The worker's outcome for `match`: success clears the row, a failure stays on it with its detail. */
export function commandSettled(match: number, failure: { detail: string | null } | null): void {
  if (!failure) return set(match, null);
  const current = progress.get(match);
  set(match, { state: "failed", command: current?.command ?? null, detail: failure.detail });
}

/** Forgets every command and its timer: what one user asked for is not shown to the next in this tab. */
export function forgetCommandProgress(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  progress.clear();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The progress of the last command on `match` this user asked for, or null. */
export function useCommandProgress(match: number): CommandProgress | null {
  return useSyncExternalStore(subscribe, () => progress.get(match) ?? null);
}
