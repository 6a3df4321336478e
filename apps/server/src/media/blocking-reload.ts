// Blocking playlist reloads of low-latency HLS: a player asks for a live media
// playlist with `_HLS_msn=M` (and `_HLS_part=N`) and the answer waits until the
// playlist lists segment M (part N of segment M), at most three target durations,
// so the player learns of each new part the moment the gateway writes it
// instead of polling. Every request waiting on a playlist shares one watcher of
// its folder (the gateway replaces playlists whole, by rename), which reads the
// playlist once per change; nothing polls the disk per viewer.
import { watch, type FSWatcher } from "node:fs";
import { readFile } from "node:fs/promises";
import { basename, dirname } from "node:path";

/** What a blocking reload asks for: segment `msn`, and part `part` of it when given. */
export interface ReloadRequest {
  msn: number;
  part: number | null;
}

const DELIVERY_DIRECTIVE = /^\d{1,15}$/;

/**
 * The blocking reload a query asks for: null when it asks for none, "malformed" (answered 400, as the spec
 * says) for a value that is not a decimal integer or a `_HLS_part` without `_HLS_msn`.
 */
export function reloadRequestOf(query: Record<string, unknown>): ReloadRequest | null | "malformed" {
  const { _HLS_msn: msn, _HLS_part: part } = query;
  if (msn === undefined && part === undefined) return null;
  if (typeof msn !== "string" || !DELIVERY_DIRECTIVE.test(msn)) return "malformed";
  if (part !== undefined && (typeof part !== "string" || !DELIVERY_DIRECTIVE.test(part))) return "malformed";
  return { msn: Number(msn), part: part === undefined ? null : Number(part) };
}

/** Where a live media playlist stands. */
interface PlaylistEdge {
  /** It has EXT-X-ENDLIST (or is no media playlist): nothing to wait for. */
  ended: boolean;
  /** The media sequence number of the segment under way (the last listed one's plus one). */
  nextMsn: number;
  /** The parts of the segment under way listed so far. */
  pendingParts: number;
  targetDuration: number;
}

function edgeOf(text: string): PlaylistEdge {
  let firstMsn = 0;
  let segments = 0;
  let pendingParts = 0;
  let targetDuration = 1;
  let media = false;
  for (const line of text.split("\n")) {
    const value = line.trim();
    if (value.startsWith("#EXT-X-MEDIA-SEQUENCE:")) firstMsn = Number(value.slice(22));
    else if (value.startsWith("#EXT-X-TARGETDURATION:")) {
      targetDuration = Number(value.slice(22)) || 1;
      media = true;
    } else if (value.startsWith("#EXT-X-PART:")) pendingParts += 1;
    else if (value.startsWith("#EXTINF:")) {
      segments += 1;
      pendingParts = 0;
    }
  }
  const ended = !media || text.includes("#EXT-X-ENDLIST");
  return { ended, nextMsn: firstMsn + segments, pendingParts, targetDuration };
}

/** Whether the playlist already lists what the reload asks for. */
function satisfies(edge: PlaylistEdge, request: ReloadRequest): boolean {
  if (edge.ended || request.msn < edge.nextMsn) return true;
  return request.part !== null && request.msn === edge.nextMsn && request.part < edge.pendingParts;
}

/** A request for a segment past the one after the segment under way is refused (400), as the spec says. */
const isTooFarAhead = (edge: PlaylistEdge, request: ReloadRequest) => !edge.ended && request.msn > edge.nextMsn + 1;

/** How long a blocking reload may be held: three target durations, as the spec advises. */
const holdMsOf = (edge: PlaylistEdge) => 3 * edge.targetDuration * 1000;

interface Watch {
  watcher: FSWatcher;
  waiters: Set<(edge: PlaylistEdge) => void>;
  reading: boolean;
  again: boolean;
}

export function createPlaylistWaits() {
  const watches = new Map<string, Watch>();

  async function readEdge(file: string): Promise<PlaylistEdge | null> {
    return readFile(file, "utf8").then(edgeOf, () => null);
  }

  /** Reads the playlist once for all its waiters (again if it changed during the read). */
  async function changed(file: string, entry: Watch) {
    if (entry.reading) {
      entry.again = true;
      return;
    }
    entry.reading = true;
    do {
      entry.again = false;
      const edge = await readEdge(file);
      if (edge) for (const waiter of [...entry.waiters]) waiter(edge);
    } while (entry.again);
    entry.reading = false;
  }

  function follow(file: string, waiter: (edge: PlaylistEdge) => void): () => void {
    let entry = watches.get(file);
    if (!entry) {
      const name = basename(file);
      const watcher = watch(dirname(file), (_event, changedName) => {
        if (changedName === name) void changed(file, entry!);
      });
      entry = { watcher, waiters: new Set(), reading: false, again: false };
      watches.set(file, entry);
    }
    const current = entry;
    current.waiters.add(waiter);
    return () => {
      current.waiters.delete(waiter);
      if (current.waiters.size === 0 && watches.get(file) === current) {
        current.watcher.close();
        watches.delete(file);
      }
    };
  }

  return {
    /**
     * Waits until the playlist `file` lists what `request` asks for, or its hold time passed. Answers "too far"
     * for a request the spec refuses, and otherwise resolves (the caller then answers the playlist as it is).
     */
    async until(file: string, request: ReloadRequest): Promise<"ready" | "too far"> {
      let stop = () => {};
      try {
        const result = await new Promise<"ready" | "too far">((resolve, reject) => {
          let timer: NodeJS.Timeout | undefined;
          const settle = (edge: PlaylistEdge) => {
            if (!satisfies(edge, request)) return;
            clearTimeout(timer);
            resolve("ready");
          };
          // Following first, then reading: a change between the two is not missed.
          try {
            stop = follow(file, settle);
          } catch (error) {
            return reject(error as Error);
          }
          void readEdge(file).then((edge) => {
            if (!edge) return resolve("ready"); // gone: the caller answers 404
            if (isTooFarAhead(edge, request)) return resolve("too far");
            timer = setTimeout(() => resolve("ready"), holdMsOf(edge));
            settle(edge);
          });
        });
        return result;
      } catch {
        return "ready"; // its folder is gone: the caller answers 404
      } finally {
        stop();
      }
    },
    close() {
      for (const entry of watches.values()) entry.watcher.close();
      watches.clear();
    },
  };
}

export type PlaylistWaits = ReturnType<typeof createPlaylistWaits>;
