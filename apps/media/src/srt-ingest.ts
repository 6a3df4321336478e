// SRT ingest, as the gateway's main thread sees it: the relay (srt-relay.ts) runs on a worker
// thread of its own, and this side only answers its questions (options.authorize, the API's
// publish check) and passes its reports on, and starts it again if it dies.
//
// Why a thread: the relay answers every caller's handshake and relays every datagram of every
// SRT camera, and a caller gives up its handshake after 3 s. On the gateway's event loop, whatever
// else the process did (writers' spools, parts, playlists, the API and worker beside it in one
// process on the bench) kept handshakes unanswered for seconds under load. A worker thread has an
// event loop and a heap of its own, its children stay the gateway's (they die with it), and the
// messages are plain data; a child process would add a program to build, start and supervise.
import { Worker } from "node:worker_threads";
import type { SrtIngest, SrtIngestOptions, SrtRelaySettings } from "./srt-relay.ts";
import type { FromRelay, ToRelay } from "./srt-relay-thread.ts";

export type { SrtIngest, SrtIngestOptions } from "./srt-relay.ts";

/** How long close() waits for the relay to stop its listeners before the thread is terminated. */
const CLOSE_WAIT_MS = 10_000;
/** A relay that ran this long before it died is restarted at once, not after a growing pause. */
const STEADY_MS = 60_000;

/**
 * The relay's module beside this one: TypeScript under tsx and the tests, the bundle's
 * `srt-relay-thread.js` (scripts/entries.ts) once compiled.
 */
const THREAD_MODULE = new URL(`./srt-relay-thread.${import.meta.url.endsWith(".ts") ? "ts" : "js"}`, import.meta.url);

/**
 * trackUnmanagedFds off: each listener's stats FIFO is opened with openSync and handed to a socket, which
 * closes it. Node would still count it as the thread's own (warning when its number comes round again), and
 * close every number it counted when the thread ends: by then numbers the main thread may hold (a database
 * connection, a segment file).
 */
const THREAD_OPTIONS = { trackUnmanagedFds: false };

function startThread(settings: SrtRelaySettings): Worker {
  if (!THREAD_MODULE.pathname.endsWith(".ts"))
    return new Worker(THREAD_MODULE, { ...THREAD_OPTIONS, workerData: settings });
  // Node 20 loads no TypeScript in a worker, and tsx's loader given to the process (`--import tsx`) does
  // not reach a worker's first module: the thread registers tsx itself (found from here, not from the
  // working directory), then loads the relay.
  const tsx = import.meta.resolve("tsx/esm/api");
  const code = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(THREAD_MODULE.href)}); })`;
  return new Worker(code, { ...THREAD_OPTIONS, eval: true, workerData: settings });
}

export async function startSrtIngest(options: SrtIngestOptions): Promise<SrtIngest> {
  const { authorize, onStats, onUnsupportedCodec } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const settings: SrtRelaySettings = {
    port: options.port,
    host: options.host,
    latencyMs: options.latencyMs,
    stallTimeoutMs: options.stallTimeoutMs,
    pushUrlPrefix: options.pushUrlPrefix,
  };
  let closing = false;
  let failures = 0;
  let restartTimer: NodeJS.Timeout | undefined;

  /** Starts the relay's thread; resolves with it once its socket listens (the port it got), rejects if it can't. */
  function run(): Promise<{ thread: Worker; port: number; exited: Promise<unknown> }> {
    const thread = startThread(settings);
    const tell = (message: ToRelay) => thread.postMessage(message);
    const startedAt = Date.now();
    const exited = new Promise((resolve) => thread.once("exit", resolve));
    return new Promise((resolve, reject) => {
      let listening = false;
      thread.on("message", (message: FromRelay) => {
        if (message.type === "listening") {
          listening = true;
          resolve({ thread, port: message.port, exited });
        } else if (message.type === "authorize") {
          authorize(message.streamKey, { token: message.token, peer: message.peer }).then(
            (verdict) => tell({ type: "verdict", id: message.id, verdict }),
            (error: Error) => tell({ type: "verdict", id: message.id, error: error.message }),
          );
        } else if (message.type === "log") log(message.line);
        else if (message.type === "stats") onStats?.(message.token, message.stats);
        else onUnsupportedCodec?.(message.token, message.codec);
      });
      let failure: Error | undefined;
      thread.on("error", (error) => (failure = error));
      thread.once("exit", (code) => {
        if (!listening)
          return reject(failure ?? new Error(`the SRT relay's thread ended (${code}) before it listened`));
        if (closing) return;
        // Its callers went with it (their listeners die with the thread that started them); cameras reconnect.
        if (Date.now() - startedAt >= STEADY_MS) failures = 0;
        const delay = failures === 0 ? 0 : Math.min(30_000, 500 * 2 ** failures);
        failures++;
        log(`srt: the relay's thread ended (${failure?.message ?? `exit code ${code}`}); restarting in ${delay} ms`);
        restartTimer = setTimeout(() => void restart(), delay);
      });
    });
  }

  let current = await run();
  // Once it has a port, the relay keeps it across restarts (cameras are told one URL).
  settings.port = current.port;

  async function restart() {
    restartTimer = undefined;
    if (closing) return;
    try {
      current = await run();
    } catch (error) {
      // Its port taken meanwhile, or the module failed: tried again after a longer pause.
      const delay = Math.min(30_000, 500 * 2 ** failures++);
      log(`srt: the relay could not start again (${(error as Error).message}); retrying in ${delay} ms`);
      restartTimer = setTimeout(() => void restart(), delay);
    }
  }

  return {
    port: current.port,
    dropToken(token) {
      current.thread.postMessage({ type: "drop", token } satisfies ToRelay);
    },
    async close() {
      closing = true;
      clearTimeout(restartTimer);
      const { thread, exited } = current;
      thread.postMessage({ type: "close" } satisfies ToRelay);
      const force = setTimeout(() => void thread.terminate(), CLOSE_WAIT_MS);
      await exited;
      clearTimeout(force);
    },
  };
}
