// The SRT relay's thread (started by srt-ingest.ts): the relay (srt-relay.ts) runs here on an
// event loop of its own, handshakes, datagrams, listeners and their pushes included. Only its
// questions (may this key publish?) and reports go to the gateway's main thread, as messages.
import { parentPort, workerData } from "node:worker_threads";
import type { PublisherStats } from "@clubcast/shared";
import { startSrtRelay, type SrtRelayCallbacks, type SrtRelaySettings } from "./srt-relay.ts";

type Verdict = Awaited<ReturnType<SrtRelayCallbacks["authorize"]>>;

/** The main thread's messages to the relay. */
export type ToRelay =
  | { type: "verdict"; id: number; verdict: Verdict }
  | { type: "verdict"; id: number; error: string }
  | { type: "drop"; token: string }
  | { type: "close" };

/** The relay's messages to the main thread. */
export type FromRelay =
  | { type: "listening"; port: number }
  | { type: "authorize"; id: number; streamKey: string | null; token: string; peer: string }
  | { type: "log"; line: string }
  | { type: "stats"; token: string; stats: PublisherStats }
  | { type: "unsupportedCodec"; token: string; codec: { kind: "video" | "audio"; name: string } };

const main = parentPort!;
const send = (message: FromRelay) => main.postMessage(message);
const verdicts = new Map<number, { resolve(verdict: Verdict): void; reject(error: Error): void }>();
let questions = 0;

const relay = await startSrtRelay({
  ...(workerData as SrtRelaySettings),
  authorize: (streamKey, { token, peer }) =>
    new Promise((resolve, reject) => {
      const id = questions++;
      verdicts.set(id, { resolve, reject });
      send({ type: "authorize", id, streamKey, token, peer });
    }),
  log: (line) => send({ type: "log", line }),
  onStats: (token, stats) => send({ type: "stats", token, stats }),
  onUnsupportedCodec: (token, codec) => send({ type: "unsupportedCodec", token, codec }),
});

main.on("message", (message: ToRelay) => {
  if (message.type === "verdict") {
    const waiting = verdicts.get(message.id);
    verdicts.delete(message.id);
    if ("error" in message) waiting?.reject(new Error(message.error));
    else waiting?.resolve(message.verdict);
  } else if (message.type === "drop") {
    relay.dropToken(message.token);
  } else {
    // Once the relay is closed nothing keeps this thread alive: it ends, and the main thread sees it exit.
    void relay.close().then(() => main.close());
  }
});
send({ type: "listening", port: relay.port });
