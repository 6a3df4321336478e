// Route pages are separate chunks. After a deploy an open tab may ask for a
// chunk that no longer exists: reload the page to get the new build, at most
// once per CHUNK_RELOAD_GUARD_MS so a truly missing chunk can't loop (it then
// reaches the error page).
import { lazy, Suspense, type ComponentType, type ReactElement } from "react";
import { CHUNK_RELOAD_GUARD_MS } from "@clubcast/shared";
import { beginActivity } from "../lib/activity.ts";
import { PageLoader } from "../ui/PageLoader.tsx";

const RELOADED_AT_KEY = "clubcast.chunk-reloaded-at";

export function shouldReloadAfterChunkError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS;
}

function lastReloadAt(): number | null {
  const stored = Number(window.localStorage.getItem(RELOADED_AT_KEY));
  return Number.isFinite(stored) && stored > 0 ? stored : null;
}

export async function importWithReload<T>(
  load: () => Promise<T>,
  reload: () => void = () => window.location.reload(),
): Promise<T> {
  const done = beginActivity();
  try {
    return await load();
  } catch (error) {
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

/** A route element for a lazily loaded page or layout: its module's default export. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): ReactElement {
  const Page = lazy(() => importWithReload(load));
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
}
