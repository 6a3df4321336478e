import { afterEach, describe, expect, it, vi } from "vitest";
import { act, renderHook } from "@testing-library/react";
import { CAMERA_COMMAND_OUTCOME_WITHIN_MS, EXTERNAL_CALL_TIMEOUT_MS, JOB_ATTEMPTS } from "@clubcast/shared/jobs";
import { commandPending, commandSettled, forgetCommandProgress, useCommandProgress } from "./command-progress.ts";

afterEach(() => vi.useRealTimers());

describe("a camera command's progress on its match's row", () => {
  it("waits as long as the job's attempts and backoff take, then shows a failure and tells once", () => {
    // Five attempts of 10 s each and the backoff waits between them (1 + 2 + 4 + 8 s).
    expect(CAMERA_COMMAND_OUTCOME_WITHIN_MS).toBe(JOB_ATTEMPTS * EXTERNAL_CALL_TIMEOUT_MS + 15_000);
    vi.useFakeTimers();
    const timedOut = vi.fn();
    const { result } = renderHook(() => useCommandProgress(41));
    act(() => commandPending(41, "startRecording", timedOut));
    expect(result.current).toEqual({ state: "pending", command: "startRecording" });
    act(() => vi.advanceTimersByTime(CAMERA_COMMAND_OUTCOME_WITHIN_MS - 1));
    expect(result.current?.state).toBe("pending");
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toEqual({ state: "failed", command: "startRecording", detail: null });
    act(() => vi.advanceTimersByTime(CAMERA_COMMAND_OUTCOME_WITHIN_MS));
    expect(timedOut).toHaveBeenCalledTimes(1);
  });

  it("keeps a failure with its detail, clears on success, and never times out after an outcome", () => {
    vi.useFakeTimers();
    const timedOut = vi.fn();
    const { result } = renderHook(() => useCommandProgress(42));
    act(() => commandPending(42, "schedule", timedOut));
    act(() => commandSettled(42, { detail: "camera cam-1 is busy" }));
    expect(result.current).toEqual({ state: "failed", command: "schedule", detail: "camera cam-1 is busy" });
    act(() => commandPending(42, "schedule", timedOut));
    act(() => commandSettled(42, null));
    expect(result.current).toBeNull();
    act(() => vi.advanceTimersByTime(2 * CAMERA_COMMAND_OUTCOME_WITHIN_MS));
    expect(timedOut).not.toHaveBeenCalled();
    expect(result.current).toBeNull();
    // A failure of an operation this page did not ask for names no command.
    act(() => commandSettled(42, { detail: "disk full" }));
    expect(result.current).toEqual({ state: "failed", command: null, detail: "disk full" });
  });

  it("forgets every command and its timer when the user changes", () => {
    vi.useFakeTimers();
    const timedOut = vi.fn();
    const { result } = renderHook(() => useCommandProgress(43));
    act(() => commandPending(43, "stopRecording", timedOut));
    act(() => forgetCommandProgress());
    expect(result.current).toBeNull();
    act(() => vi.advanceTimersByTime(CAMERA_COMMAND_OUTCOME_WITHIN_MS));
    expect(timedOut).not.toHaveBeenCalled();
  });
});
