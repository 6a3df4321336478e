import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CHUNK_RELOAD_GUARD_MS } from "@clubcast/shared";
import { importWithReload, shouldReloadAfterChunkError } from "./lazy.tsx";

/** A web server that has `present` chunks and answers 404 for the rest. */
function chunkServer(present: string[], port = 0): Promise<Server> {
  const server = createServer((request, response) => {
    response.statusCode = present.includes(request.url ?? "") ? 200 : 404;
    response.end();
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

/** How long a reload may take: it first asks the server for the chunk, which a loaded CI machine answers slowly. */
const CHUNK_CHECK_WAIT = { timeout: 5000 };

const close = (server: Server) => new Promise((resolve) => server.close(resolve));
const portOf = (server: Server) => (server.address() as AddressInfo).port;

/** An import that fails as Chromium's does, naming the chunk. */
const failedImport = (url: string) => () =>
  Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${url}`));

describe("a failed page chunk", () => {
  let server: Server;
  let base: string;

  beforeEach(async () => {
    window.localStorage.clear();
    server = await chunkServer(["/assets/present.js"]);
    base = `http://127.0.0.1:${portOf(server)}`;
  });

  afterEach(async () => {
    vi.useRealTimers();
    if (server.listening) await close(server);
  });

  it("reloads when there was no reload in the last 60 s", () => {
    expect(shouldReloadAfterChunkError(null, 1_000_000)).toBe(true);
    expect(shouldReloadAfterChunkError(1_000_000 - CHUNK_RELOAD_GUARD_MS, 1_000_000)).toBe(true);
    expect(shouldReloadAfterChunkError(1_000_000 - CHUNK_RELOAD_GUARD_MS + 1, 1_000_000)).toBe(false);
  });

  it("reloads the page once for a chunk the server no longer has, then lets the error through until 60 s have passed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-06-14T12:00:00Z"));
    const reload = vi.fn();
    const gone = failedImport(`${base}/assets/gone.js`);

    void importWithReload(gone, reload);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1), CHUNK_CHECK_WAIT);
    // The clock runs on from the time set while the server is asked: the reload counts from when it happened.
    const reloadedAt = Date.now();

    vi.setSystemTime(reloadedAt + CHUNK_RELOAD_GUARD_MS - 5_000);
    await expect(importWithReload(gone, reload)).rejects.toThrow("dynamically imported module");
    expect(reload).toHaveBeenCalledTimes(1);

    vi.setSystemTime(reloadedAt + CHUNK_RELOAD_GUARD_MS);
    void importWithReload(gone, reload);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2), CHUNK_CHECK_WAIT);
  });

  it("does not reload while the server can't be reached, and loads the chunk once it is back", async () => {
    const port = portOf(server);
    await close(server);
    const reload = vi.fn();
    let serverUp = false;
    const load = () =>
      serverUp ? Promise.resolve("page") : failedImport(`http://127.0.0.1:${port}/assets/present.js`)();

    const page = importWithReload(load, reload);
    // Several looks at the unreachable server go by without a reload.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(reload).not.toHaveBeenCalled();

    server = await chunkServer(["/assets/present.js"], port);
    serverUp = true;
    await expect(page).resolves.toBe("page");
    expect(reload).not.toHaveBeenCalled();
  });

  it("leaves a chunk that loads alone", async () => {
    const reload = vi.fn();
    await expect(importWithReload(() => Promise.resolve("page"), reload)).resolves.toBe("page");
    expect(reload).not.toHaveBeenCalled();
  });
});
