// SRT over lossy uplinks, for `npm run bench:media` (srtLossRows) or alone:
// `npx tsx apps/media/bench/srt-loss.ts [--minutes N]` (default 10).
// Two OBS-like publishers (720p30 H.264 with B-frames and a 2 s keyframe
// interval, AAC 48 kHz) at once, each through a user-space lossy link (2 % and
// 5 % of datagrams dropped each way, 40 ms delay each way) into the SRT ingest,
// started here with a stand-in authorize that lets their keys in and pushing to
// a file instead of nginx: what is measured is the SRT path alone. Reported:
// minutes each held without a drop, decode errors in what was received, and
// libsrt's own counters (onStats).
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { printTable, sleep } from "@clubcast/testkit/bench";
import type { PublisherStats } from "@clubcast/shared";
import { lingering } from "@clubcast/testkit/publisher";
import { startSrtIngest } from "../src/srt-ingest.ts";
import { startLossyLink, type LossyLink } from "../test/lossy-link.ts";

export interface SrtLossRow {
  row: string;
  value: string;
  target: string;
  met: boolean;
}

const LINKS = [
  { loss: 0.02, streamKey: "bench-srt-loss-2" },
  { loss: 0.05, streamKey: "bench-srt-loss-5" },
];
const DELAY_MS = 40;

interface Camera {
  loss: number;
  streamKey: string;
  link: LossyLink;
  publisher: ChildProcess;
  token?: string;
  /** When the publisher or the gateway's side of it ended before the run did. */
  droppedAt?: number;
  stats: PublisherStats[];
}

export async function srtLossRows(options: { minutes: number }): Promise<SrtLossRow[]> {
  const dir = mkdtempSync(join(tmpdir(), "bench-srt-loss-"));
  const cameras: Camera[] = [];
  let finished = false; // from then on, publishers and callers ending is the run's end, not a drop
  const ingest = await startSrtIngest({
    port: 0,
    host: "127.0.0.1",
    pushUrlPrefix: `${dir}/`,
    async authorize(streamKey, { token }) {
      const camera = cameras.find((c) => c.streamKey === streamKey);
      if (!camera) return { ok: false, reason: "not a bench key" };
      camera.token = token;
      return { ok: true };
    },
    log(line) {
      const camera = cameras.find((c) => c.token && line.includes(`(${c.token}) ended`));
      if (camera && !finished) camera.droppedAt ??= Date.now();
      console.log(line);
    },
    onStats: (token, stats) => cameras.find((c) => c.token === token)?.stats.push(stats),
  });
  const started = Date.now();
  let ended: number;
  try {
    for (const [index, { loss, streamKey }] of LINKS.entries()) {
      const link = await startLossyLink({ targetPort: ingest.port, loss, delayMs: DELAY_MS, seed: index + 1 });
      const camera: Camera = { loss, streamKey, link, publisher: publish(link.port, streamKey), stats: [] };
      camera.publisher.once("exit", () => {
        if (!finished) camera.droppedAt ??= Date.now();
      });
      cameras.push(camera);
    }
    await sleep(options.minutes * 60_000);
    ended = Date.now();
    finished = true;
    await Promise.all(cameras.map(({ publisher }) => stopPublisher(publisher)));
  } finally {
    finished = true;
    for (const camera of cameras) {
      camera.publisher.kill("SIGKILL");
      await camera.link.close();
    }
    await ingest.close(); // lets each push finish its file
  }

  try {
    const rows: SrtLossRow[] = [];
    for (const camera of cameras) {
      const name = `SRT, ${camera.loss * 100} % loss and ${DELAY_MS} ms delay each way`;
      const held = ((camera.droppedAt ?? ended) - started) / 60_000;
      const errors = camera.token ? await decodeErrors(join(dir, camera.token)) : Number.NaN;
      const sum = (key: "retransmitted_packets" | "dropped_packets") =>
        camera.stats.reduce((total, s) => total + (s[key] ?? 0), 0);
      const mean = (key: "rtt_ms" | "loss_percent" | "bitrate_kbps") => {
        const values = camera.stats.map((s) => s[key]).filter((value) => value !== null);
        return values.length ? values.reduce((a, b) => a + b, 0) / values.length : Number.NaN;
      };
      rows.push(
        {
          row: `${name}: minutes held without a drop`,
          value: `${held.toFixed(1)} of ${options.minutes}`,
          target: "the whole run",
          met: camera.droppedAt === undefined,
        },
        {
          row: `${name}: decode errors in what was received`,
          value: Number.isNaN(errors) ? "nothing received" : String(errors),
          target: "0",
          met: errors === 0,
        },
        {
          row: `${name}: libsrt, packets given up (round trip, loss, retransmits, bitrate)`,
          value: `${sum("dropped_packets")} (${mean("rtt_ms").toFixed(0)} ms, ${mean("loss_percent").toFixed(1)} %, ${sum("retransmitted_packets")}, ${mean("bitrate_kbps").toFixed(0)} kbit/s)`,
          target: "0",
          met: sum("dropped_packets") === 0,
        },
      );
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * An OBS-like camera: 720p30 H.264 High with B-frames, a keyframe every 2 s, 3 Mbit/s; AAC 48 kHz. It
 * lingers when it stops: libsrt's live mode otherwise drops what it had not sent yet or was not acknowledged,
 * and at 5 % loss the last frame then arrives cut short, a decode error the link had nothing to do with.
 */
function publish(port: number, streamKey: string): ChildProcess {
  // prettier-ignore
  return spawn("ffmpeg", [
    "-hide_banner", "-loglevel", "error",
    "-re", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30", "-f", "lavfi", "-i", "sine=sample_rate=48000",
    "-c:v", "libx264", "-preset", "veryfast", "-profile:v", "high", "-bf", "2", "-g", "60",
    "-b:v", "3000k", "-maxrate", "3000k", "-bufsize", "6000k", "-c:a", "aac", "-b:a", "128k",
    "-f", "mpegts", lingering(`srt://127.0.0.1:${port}?streamid=publish:${streamKey}`),
  ], { stdio: ["pipe", "ignore", "ignore"] });
}

/** Ends a publish cleanly (ffmpeg's "q"), as a camera being switched off. */
async function stopPublisher(publisher: ChildProcess) {
  if (publisher.exitCode !== null || publisher.signalCode !== null) return;
  const exited = new Promise((done) => publisher.once("exit", done));
  publisher.stdin!.end("q");
  await exited;
}

/** Lines ffmpeg prints decoding the whole file: each one an error (the first few are shown). */
async function decodeErrors(file: string): Promise<number> {
  const { stderr } = await promisify(execFile)("ffmpeg", ["-v", "error", "-i", file, "-f", "null", "-"], {
    maxBuffer: 64 << 20,
  });
  const lines = stderr.split("\n").filter(Boolean);
  if (lines.length) console.log(`decoding ${file}:\n  ${lines.slice(0, 5).join("\n  ")}`);
  return lines.length;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf("--minutes");
  const minutes = at > 0 ? Number(process.argv[at + 1]) : 10;
  const rows = await srtLossRows({ minutes });
  printTable(
    `SRT over lossy links, ${minutes} min`,
    ["measure", "value", "target", "result"],
    rows.map(({ row, value, target, met }) => [row, value, target, met ? "met" : "NOT met"]),
  );
  console.log(rows.every((row) => row.met) ? "met" : "NOT met");
}
