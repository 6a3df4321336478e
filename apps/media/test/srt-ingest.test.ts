// SRT ingest against real ffmpeg publishers and a real nginx-rtmp push target,
// on 127.0.0.1. nginx records every pushed stream to rec/TOKEN.flv.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createSocket } from "node:dgram";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublisherStats } from "@clubcast/shared";
import { type SrtIngest, startSrtIngest } from "../src/srt-ingest.ts";
import { lingering } from "./support.ts";

const ALLOWED_KEYS = new Set([
  "GOODKEY",
  "STATSKEY",
  "KEY-A",
  "KEY-B",
  "GARBAGEKEY",
  "STALLKEY",
  "DROPKEY",
  "KILLKEY",
  "NOPUSHKEY",
  "TAILKEY",
  "SLOWKEY",
]);
const STALL_TIMEOUT_MS = 2000;
/** Keys starting with SLOW are decided after this: longer than a caller's whole connect timeout (libsrt's 3 s). */
const SLOW_AUTHORIZE_MS = 4000;

let dir: string;
let rtmpPort: number;
let nginx: ChildProcess;
let ingest: SrtIngest;
const authorized: { streamKey: string | null; token: string }[] = [];
const logs: string[] = [];
const stats: { token: string; stats: PublisherStats }[] = [];
const publishers = new Set<ChildProcess>();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "srt-ingest-"));
  rtmpPort = await freeTcpPort();
  nginx = await startNginxRtmp(dir, rtmpPort);
  ingest = await startSrtIngest({
    port: 0,
    host: "127.0.0.1",
    stallTimeoutMs: STALL_TIMEOUT_MS,
    pushUrlPrefix: `rtmp://127.0.0.1:${rtmpPort}/srt/`,
    async authorize(streamKey, { token }) {
      authorized.push({ streamKey, token });
      if (streamKey?.startsWith("SLOW")) await sleep(SLOW_AUTHORIZE_MS);
      return streamKey && ALLOWED_KEYS.has(streamKey) ? { ok: true } : { ok: false, reason: "unknown stream key" };
    },
    log: (line) => logs.push(line),
    onStats: (token, sample) => stats.push({ token, stats: sample }),
  });
});

afterAll(async () => {
  await ingest?.close().catch(() => undefined); // already closed unless a test failed early
  for (const publisher of publishers) publisher.kill("SIGKILL");
  nginx?.kill("SIGKILL");
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("SRT ingest", () => {
  it("relays an authorised publisher to the push target as decodable video", async () => {
    const { exited } = publish(ingest.port, "GOODKEY", 5);
    expect((await exited).code).toBe(0);
    expect(authorized).toContainEqual({ streamKey: "GOODKEY", token: expect.any(String) });
    const token = tokenOf("GOODKEY");
    await waitForLog(`(${token}) ended`);

    const video = probeVideo(recording(token));
    expect(video).toMatchObject({ codec_name: "h264", width: 640, height: 360 });
    // Every frame sent, to the last one.
    expect(Number(video.nb_read_frames)).toBe(5 * 25);
  });

  it("passes on every frame a caller sent before it left, even while the push lags behind", async () => {
    const { exited } = publish(ingest.port, "TAILKEY", 5);
    const token = await waitFor(() => tokenOf("TAILKEY"));
    const push = await waitFor(() => ffmpegPidFor(token));
    await sleep(3000);
    // A busy machine: the push is held up while the caller sends its last two seconds and leaves, so they
    // are still in the listener's buffer when the caller's SRT shutdown reaches it.
    process.kill(push, "SIGSTOP");
    try {
      expect((await exited).code).toBe(0);
      await sleep(200);
    } finally {
      process.kill(push, "SIGCONT");
    }
    await waitForLog(`(${token}) ended`);
    expect(Number(probeVideo(recording(token)).nb_read_frames)).toBe(5 * 25);
  });

  it("reports libsrt's statistics of a publisher every few seconds", async () => {
    const { exited } = publish(ingest.port, "STATSKEY", 12);
    await exited;
    const token = tokenOf("STATSKEY");
    const samples = stats.filter((sample) => sample.token === token).map((sample) => sample.stats);
    expect(samples.length).toBeGreaterThanOrEqual(1);
    for (const sample of samples) {
      // A perfect loopback link: a round trip of a few ms at most, nothing lost, sent again or dropped.
      expect(sample.rtt_ms).toBeLessThan(20);
      expect(sample).toMatchObject({ loss_percent: 0, retransmitted_packets: 0, dropped_packets: 0 });
      expect(sample.bitrate_kbps).toBeGreaterThan(100);
    }
  });

  it("refuses a wrong stream key at once and pushes nothing", async () => {
    const { exited } = publish(ingest.port, "WRONGKEY", 10);
    const { code, ms } = await exited;
    expect(code).not.toBe(0);
    expect(ms).toBeLessThan(3000); // ffmpeg's start included; the refusal itself takes milliseconds

    const token = tokenOf("WRONGKEY");
    const refusal = logs.find((line) => line.includes("refused"));
    expect(refusal).toContain("…GKEY: unknown stream key");
    expect(refusal).not.toContain("WRONGKEY");
    await sleep(500);
    expect(existsSync(recording(token))).toBe(false);
  });

  it("takes two publishers with different keys at once", async () => {
    const a = publish(ingest.port, "KEY-A", 5);
    const b = publish(ingest.port, "KEY-B", 5);
    expect((await a.exited).code).toBe(0);
    expect((await b.exited).code).toBe(0);
    const [tokenA, tokenB] = [tokenOf("KEY-A"), tokenOf("KEY-B")];
    expect(tokenA).not.toBe(tokenB);
    await waitForLog(`(${tokenA}) ended`);
    await waitForLog(`(${tokenB}) ended`);
    expect(Number(probeVideo(recording(tokenA)).nb_read_frames)).toBe(5 * 25);
    expect(Number(probeVideo(recording(tokenB)).nb_read_frames)).toBe(5 * 25);
  });

  it("survives garbage datagrams and a dying standby ffmpeg", async () => {
    const socket = createSocket("udp4");
    const fakeConclusion = Buffer.alloc(80);
    fakeConclusion.writeUInt32BE(0x8000_0000, 0);
    fakeConclusion.writeInt32BE(-1, 36); // a conclusion, but without our cookie
    const garbage = [Buffer.from("hello"), Buffer.alloc(0), fakeConclusion];
    for (let i = 0; i < 200; i++) garbage.push(randomBytes(1 + (i % 1400)));
    for (const datagram of garbage) socket.send(datagram, ingest.port, "127.0.0.1");
    await sleep(200);
    socket.close();
    expect(logs.some((line) => line.includes("ignoring datagrams from unknown peers"))).toBe(true);

    // A standby is a listener no caller holds; kill one and a new one must take its place.
    const standbys = () => pushTokens().filter((token) => !authorized.some((a) => a.token === token));
    const before = standbys();
    process.kill(ffmpegPidFor(before[0]!)!, "SIGKILL");
    await waitFor(() => standbys().some((token) => !before.includes(token)));
    expect(logs.some((line) => line.includes("standby listener lost"))).toBe(true);

    const { exited } = publish(ingest.port, "GARBAGEKEY", 5);
    expect((await exited).code).toBe(0);
    const token = tokenOf("GARBAGEKEY");
    await waitForLog(`(${token}) ended`);
    expect(Number(probeVideo(recording(token)).nb_read_frames)).toBe(5 * 25);
  });

  it("tears down a caller that completes the handshake and then sends only garbage", async () => {
    const socket = createSocket("udp4");
    const answers: Buffer[] = [];
    socket.on("message", (msg) => answers.push(msg));
    await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
    const send = (msg: Buffer) => socket.send(msg, ingest.port, "127.0.0.1");

    send(handshake({ version: 4, flags: 2, type: 1, cookie: 0 }));
    await waitFor(() => answers.length > 0);
    const cookie = answers[0]!.readUInt32BE(44);
    // Repeated like a libsrt caller does, until ffmpeg's answer comes back through the relay.
    const conclusion = handshake({ version: 5, flags: 5, type: -1, cookie, streamId: "publish:STALLKEY" });
    const repeat = setInterval(() => send(conclusion), 250);
    send(conclusion);
    const accepted = await waitFor(() => answers.find((msg) => msg.length >= 64 && msg.readInt32BE(36) === -1));
    clearInterval(repeat);
    expect(accepted.readUInt32BE(12)).toBe(0x1234); // addressed to our socket id
    const token = tokenOf("STALLKEY");

    const started = Date.now();
    const spam = setInterval(() => send(randomBytes(200)), 100);
    await waitForLog(`(${token}) ended: no SRT datagram`);
    clearInterval(spam);
    socket.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(STALL_TIMEOUT_MS - 200);
    await waitFor(() => ffmpegPidFor(token) === undefined, 4000);
  });

  it("ends a publisher whose token is dropped", async () => {
    const { exited } = publish(ingest.port, "DROPKEY", 30);
    const token = await waitFor(() => tokenOf("DROPKEY"));
    await sleep(1500); // connected and streaming
    const dropped = Date.now();
    ingest.dropToken(token);
    const { code } = await exited;
    expect(code).not.toBe(0);
    expect(Date.now() - dropped).toBeLessThan(3000); // ffmpeg's SRT shutdown reaches the publisher
    expect(logs).toContainEqual(expect.stringContaining(`(${token}) ended: token dropped`));
    await waitFor(() => ffmpegPidFor(token) === undefined, 4000);
  });

  it("tells a caller whose listener died without an SRT shutdown to go, at once", async () => {
    const { exited } = publish(ingest.port, "KILLKEY", 30);
    const token = await waitFor(() => tokenOf("KILLKEY"));
    await sleep(1500); // connected and streaming
    const killed = Date.now();
    process.kill(listenerPidFor(token), "SIGKILL");
    const { code } = await exited;
    expect(code).not.toBe(0);
    expect(Date.now() - killed).toBeLessThan(3000); // libsrt would wait 5 s for a silent peer
    expect(logs).toContainEqual(expect.stringContaining(`(${token}) ended`));
  });

  it("tears down the caller when the push target refuses", async () => {
    const closedPort = await freeTcpPort();
    const lines: string[] = [];
    const noPush = await startSrtIngest({
      port: 0,
      host: "127.0.0.1",
      pushUrlPrefix: `rtmp://127.0.0.1:${closedPort}/srt/`,
      authorize: async () => ({ ok: true }),
      log: (line) => lines.push(line),
    });
    try {
      // ffmpeg opens the push only after probing the input (about 5 s), then fails and ends the caller.
      const { exited } = publish(noPush.port, "NOPUSHKEY", 30);
      const { code, ms } = await exited;
      expect(code).not.toBe(0);
      expect(ms).toBeLessThan(10_000);
      expect(lines).toContainEqual(expect.stringMatching(/ended: ffmpeg failed \(exit code 1\): .*Connection refused/));
    } finally {
      await noPush.close();
    }
  });

  it("takes a caller whose key is confirmed only after the caller's own connect timeout", async () => {
    // A busy API (cameras connecting at once): the handshake goes on while it decides.
    const { exited } = publish(ingest.port, "SLOWKEY", 6);
    expect((await exited).code).toBe(0);
    const token = tokenOf("SLOWKEY");
    expect(logs).toContainEqual(
      expect.stringContaining(`(${token}) let in with stream key …WKEY while the API decides`),
    );
    await waitForLog(`(${token}) ended`);
    expect(Number(probeVideo(recording(token)).nb_read_frames)).toBe(6 * 25);
  });

  it("ends a caller let in while the API decided once the API refuses it", async () => {
    const { exited } = publish(ingest.port, "SLOWWRONG", 30);
    const { code, ms } = await exited;
    expect(code).not.toBe(0);
    expect(ms).toBeLessThan(SLOW_AUTHORIZE_MS + 4000);
    const token = tokenOf("SLOWWRONG");
    expect(logs).toContainEqual(
      expect.stringContaining(`(${token}) ended: refused, stream key …RONG: unknown stream key`),
    );
    await waitFor(() => ffmpegPidFor(token) === undefined, 4000);
  });

  it("leaves no ffmpeg behind after close()", async () => {
    publish(ingest.port, "GOODKEY", 30);
    await waitFor(() => authorized.filter((a) => a.streamKey === "GOODKEY").length === 2);
    await ingest.close();
    expect(pushTokens()).toEqual([]);
  });
});

/**
 * An ffmpeg test-pattern publisher over SRT (lingering, so all it encodes is sent), at 2 Mbit/s: two seconds
 * of it are more than the pipes between a listener and its push hold.
 */
function publish(port: number, streamKey: string, seconds: number) {
  const started = Date.now();
  // prettier-ignore
  const child = spawn("ffmpeg", [
    "-hide_banner", "-loglevel", "error", "-nostdin",
    "-re", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25", "-f", "lavfi", "-i", "sine", "-t", String(seconds),
    "-c:v", "libx264", "-preset", "veryfast", "-b:v", "2M", "-g", "25", "-c:a", "aac",
    "-f", "mpegts", lingering(`srt://127.0.0.1:${port}?streamid=publish:${streamKey}`),
  ], { stdio: "ignore" });
  publishers.add(child);
  const exited = new Promise<{ code: number | null; ms: number }>((resolve) =>
    child.once("exit", (code) => {
      publishers.delete(child);
      resolve({ code, ms: Date.now() - started });
    }),
  );
  return { exited };
}

/**
 * A hand-made SRT caller handshake: header and CIF; with a stream id, also the
 * HSREQ (SRT 1.5.1, the usual flags, 120 ms latency) and SID extensions of a conclusion.
 */
function handshake(fields: { version: number; flags: number; type: number; cookie: number; streamId?: string }) {
  const sid = fields.streamId
    ? Buffer.from(fields.streamId.padEnd(Math.ceil(fields.streamId.length / 4) * 4, "\0"))
    : null;
  const packet = Buffer.alloc(64 + (sid ? 16 + 4 + sid.length : 0));
  packet.writeUInt32BE(0x8000_0000, 0); // control, type handshake
  packet.writeUInt32BE(fields.version, 16);
  packet.writeUInt32BE(fields.flags, 20);
  packet.writeUInt32BE(1000, 24); // initial sequence number
  packet.writeUInt32BE(1500, 28); // MTU
  packet.writeUInt32BE(8192, 32); // flow window
  packet.writeInt32BE(fields.type, 36);
  packet.writeUInt32BE(0x1234, 40); // our SRT socket id
  packet.writeUInt32BE(fields.cookie, 44);
  if (sid) {
    packet.writeUInt16BE(1, 64); // HSREQ, 3 words
    packet.writeUInt16BE(3, 66);
    packet.writeUInt32BE(0x010501, 68);
    packet.writeUInt32BE(0x3f, 72);
    packet.writeUInt32BE((120 << 16) | 120, 76);
    packet.writeUInt16BE(5, 80); // SID
    packet.writeUInt16BE(sid.length / 4, 82);
    sid.swap32().copy(packet, 84); // libsrt's byte order within each word
  }
  return packet;
}

function tokenOf(streamKey: string): string {
  return authorized.findLast((a) => a.streamKey === streamKey)?.token as string;
}

const recording = (token: string) => join(dir, "rec", `${token}.flv`);

function probeVideo(file: string): Record<string, string | number> {
  // prettier-ignore
  const out = execFileSync("ffprobe", [
    "-v", "error", "-count_frames", "-select_streams", "v:0",
    "-show_entries", "stream=codec_name,width,height,nb_read_frames", "-of", "json", file,
  ], { encoding: "utf8" });
  return JSON.parse(out).streams[0];
}

/** Our ffmpeg pushes (the relay's thread starts them as children of this process), by the token each pushes under. */
function pushes(): Map<string, number> {
  const ps = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(process.pid)], { encoding: "utf8" });
  const found = ps.split("\n").flatMap((row) => {
    const token = row.includes("ffmpeg") ? /\/srt\/(\w+)/.exec(row)?.[1] : undefined;
    return token ? [[token, Number(row.trim().split(/\s+/)[0])] as const] : [];
  });
  return new Map(found);
}

const pushTokens = () => [...pushes().keys()];

/** The pid of the ffmpeg listener pushing under this token, if it still runs. */
const ffmpegPidFor = (token: string) => pushes().get(token);

/** The pid of the SRT listener holding this token's caller (its stats FIFO is named after the token). */
function listenerPidFor(token: string): number {
  const ps = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(process.pid)], { encoding: "utf8" });
  const pids = ps
    .split("\n")
    .filter((row) => row.includes("srt-live-transmit") && row.includes(`/${token}.stats`))
    .map((row) => Number(row.trim().split(/\s+/)[0]));
  expect(pids).toHaveLength(1);
  return pids[0]!;
}

async function startNginxRtmp(root: string, port: number): Promise<ChildProcess> {
  await mkdir(join(root, "rec"));
  const conf = join(root, "nginx.conf");
  await writeFile(
    conf,
    `daemon off;
master_process off;
${process.getuid?.() === 0 ? "user root;" : ""}
pid ${join(root, "nginx.pid")};
error_log ${join(root, "error.log")} info;
load_module /usr/lib/nginx/modules/ngx_rtmp_module.so;
events { worker_connections 64; }
rtmp {
  server {
    listen 127.0.0.1:${port};
    application srt { live on; record all; record_path ${join(root, "rec")}; record_unique off; }
  }
}
`,
  );
  const child = spawn("/usr/sbin/nginx", ["-p", root, "-c", conf, "-e", join(root, "error.log")], { stdio: "ignore" });
  await waitFor(async () => await canConnect(port));
  return child;
}

async function freeTcpPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function waitFor<T>(check: () => T | Promise<T>, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${check.toString()}`);
    await sleep(50);
  }
}

const waitForLog = (text: string) => waitFor(() => logs.find((line) => line.includes(text)));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
