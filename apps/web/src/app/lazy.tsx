// Route pages are separate chunks. After a deploy an open tab may ask for a
// chunk that no longer exists: reload the page to get the new build, at most
// once per CHUNK_RELOAD_GUARD_MS so a truly missing chunk can't loop (it then
// reaches the error page). A chunk that failed because the server could not be
// reached (a restart, a lost network) is no reason to reload: the reload would
// land on the browser's own error page. The import waits for the server instead.
// A page's chunk can be asked for before the page renders (preloadPage): the
// first visit's page loads beside the language's texts, not after them.
import { Suspense, use, type ComponentType, type ReactElement } from "react";
import { CHUNK_RELOAD_GUARD_MS } from "@clubcast/shared";
import { beginActivity } from "../lib/activity.ts";
import { PageLoader } from "../ui/PageLoader.tsx";

const RELOADED_AT_KEY = "clubcast.chunk-reloaded-at";
/** Waits between looks at an unreachable server: 1 s, doubling up to 10 s. */
const UNREACHABLE_RETRY_MS = { first: 1_000, max: 10_000 };

export function shouldReloadAfterChunkError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS;
}

function lastReloadAt(): number | null {
  const stored = Number(window.localStorage.getItem(RELOADED_AT_KEY));
  return Number.isFinite(stored) && stored > 0 ? stored : null;
}

/** The chunk a failed dynamic import names (Chromium and Firefox put its URL in the message). */
function chunkUrlOf(error: unknown): string | null {
  const url = error instanceof Error ? /https?:\/\/\S+/.exec(error.message)?.[0] : undefined;
  return url ?? null;
}

/** The server's HTTP status for `url`, or null while the server can't be reached. */
async function statusOf(url: string): Promise<number | null> {
  try {
    const response = await fetch(url, { method: "HEAD", cache: "no-store" });
    // A proxy in front of a restarting server answers for it.
    return [502, 503, 504].includes(response.status) ? null : response.status;
  } catch {
    return null;
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function importWithReload<T>(
  load: () => Promise<T>,
  reload: () => void = () => window.location.reload(),
): Promise<T> {
  const done = beginActivity();
  try {
    return await load();
  } catch (error) {
    // Without the chunk's URL, the page itself tells whether the server answers.
    const chunk = chunkUrlOf(error);
    const probed = chunk ?? window.location.href;
    let status = await statusOf(probed);
    for (
      let delay = UNREACHABLE_RETRY_MS.first;
      status === null;
      delay = Math.min(delay * 2, UNREACHABLE_RETRY_MS.max)
    ) {
      await wait(delay);
      status = await statusOf(probed);
    }
    // The server is back and the chunk is there: the failure was the outage, so load it again.
    if (!(chunk && status === 404)) {
      try {
        return await load();
      } catch {
        // The browser keeps a failed module; only a reload fetches it again.
      }
    }
    const now = Date.now();
    if (!shouldReloadAfterChunkError(lastReloadAt(), now)) throw error;
    window.localStorage.setItem(RELOADED_AT_KEY, String(now));
    reload();
    // The page is going away; never settle.
    return new Promise<T>(() => {});
  } finally {
    done();
  }
}

type PageModule = { default: ComponentType };

/** Marks a promise as React's `use` reads it: once settled, its outcome without suspending again. */
function tracked<T>(promise: Promise<T>): Promise<T> {
  promise.then(
    (value) => Object.assign(promise, { status: "fulfilled", value }),
    (reason: unknown) => Object.assign(promise, { status: "rejected", reason }),
  );
  return promise;
}

const chunkLoaders = new WeakMap<ReactElement, () => Promise<PageModule>>();

/**
 * A route element for a lazily loaded page or layout: its module's default export. A page whose chunk came
 * before it renders shows at once; React.lazy would show the loader first and the page only up to 300 ms
 * later (React holds back what replaces a fallback just shown).
 */
export function lazyPage(load: () => Promise<PageModule>): ReactElement {
  let chunk: Promise<PageModule> | null = null;
  const loadChunk = () => (chunk ??= tracked(importWithReload(load)));
  function Page() {
    const { default: Component } = use(loadChunk());
    return <Component />;
  }
  const element = (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
  chunkLoaders.set(element, loadChunk);
  return element;
}

/** Starts loading a route element's chunk, when it is a lazily loaded page. */
export function preloadPage(element: unknown): void {
  if (element && typeof element === "object") void chunkLoaders.get(element as ReactElement)?.();
}
