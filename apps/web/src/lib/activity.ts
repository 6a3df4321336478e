// How many requests are running, for the progress bar.
import { useSyncExternalStore } from "react";

let running = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Marks a request as started; the returned function marks it finished (once). */
export function beginActivity(): () => void {
  running += 1;
  emit();
  let finished = false;
  return () => {
    if (finished) return;
    finished = true;
    running -= 1;
    emit();
  };
}

export function useRunningRequests(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => running,
  );
}
