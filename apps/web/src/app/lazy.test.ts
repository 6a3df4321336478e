import { afterEach, describe, expect, it, vi } from "vitest";
import { CHUNK_RELOAD_GUARD_MS } from "@clubcast/shared";
import { importWithReload, shouldReloadAfterChunkError } from "./lazy.tsx";

const chunkError = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module"));

describe("a failed page chunk", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reloads when there was no reload in the last 60 s", () => {
    expect(shouldReloadAfterChunkError(null, 1_000_000)).toBe(true);
    expect(shouldReloadAfterChunkError(1_000_000 - CHUNK_RELOAD_GUARD_MS, 1_000_000)).toBe(true);
    expect(shouldReloadAfterChunkError(1_000_000 - CHUNK_RELOAD_GUARD_MS + 1, 1_000_000)).toBe(false);
  });

  it("reloads the page once, then lets the error through until 60 s have passed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-06-14T12:00:00Z"));
    const reload = vi.fn();

    void importWithReload(chunkError, reload);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));

    vi.setSystemTime(new Date("2025-06-14T12:00:59Z"));
    await expect(importWithReload(chunkError, reload)).rejects.toThrow("dynamically imported module");
    expect(reload).toHaveBeenCalledTimes(1);

    vi.setSystemTime(new Date("2025-06-14T12:01:00Z"));
    void importWithReload(chunkError, reload);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
  });

  it("leaves a chunk that loads alone", async () => {
    const reload = vi.fn();
    await expect(importWithReload(() => Promise.resolve("page"), reload)).resolves.toBe("page");
    expect(reload).not.toHaveBeenCalled();
  });
});
