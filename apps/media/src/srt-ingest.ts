// SRT ingest: many publishers on one UDP port, each authorised by its stream id.
//
// ffmpeg's SRT listener (libsrt does the protocol; we never implement SRT
// ourselves) takes one caller per process and ignores the stream id. So this
// module is a UDP relay in front of it that only reads SRT handshakes:
//
//   caller ──UDP──▶ public socket ──▶ per-caller relay socket ──▶ ffmpeg listener on 127.0.0.1 ──RTMP──▶ pushUrlFor(token)
//
// 1. The relay answers a caller's INDUCTION itself, with a cookie derived from
//    the caller's address (as libsrt does), so no ffmpeg is spent on callers
//    that never complete a handshake or spoof their address.
// 2. The CONCLUSION carries the stream id. It is held (the caller repeats it
//    every 250 ms) while options.authorize decides, with the token of the warm
//    "standby" ffmpeg that is taken for this caller; a new standby is spawned.
// 3. Allowed: the relay makes its own induction to that ffmpeg for ffmpeg's
//    cookie, puts it into the caller's conclusion, and from then on relays
//    datagrams both ways unchanged (only conclusions get ffmpeg's cookie).
//    Refused: the caller gets an SRT rejection, so it fails at once.
import type { ChildProcess } from "node:child_process";
import { spawnTied } from "./processes.ts";
import { createHmac, randomBytes } from "node:crypto";
import { createSocket, type RemoteInfo, type Socket } from "node:dgram";
import { isIPv6 } from "node:net";
import { streamKeyHint, streamKeyOfSrtStreamId } from "@clubcast/shared";

export interface SrtIngestOptions {
  port: number;
  host?: string;
  /** SRT latency of the ffmpeg listeners; the caller's own setting wins when larger. */
  latencyMs?: number;
  /** A caller that sends no SRT datagram for this long is torn down. */
  stallTimeoutMs?: number;
  /** Where the ffmpeg that takes the caller holding `token` pushes (RTMP, as flv). */
  pushUrlFor(token: string): string;
  authorize(
    streamKey: string | null,
    publisher: { token: string; peer: string },
  ): Promise<{ ok: true } | { ok: false; reason: string }>;
  log?(line: string): void;
}

export interface SrtIngest {
  port: number;
  close(): Promise<void>;
  /** Ends the publisher holding this token: its relay and its ffmpeg. */
  dropToken(token: string): void;
}

// Offsets in an SRT handshake packet (draft-sharabayko-srt §3.2.1): a 16-byte
// header, then the 48-byte handshake CIF, then extensions.
const AT = { destination: 12, version: 16, flags: 20, type: 36, socketId: 40, cookie: 44 } as const;
const HANDSHAKE_SIZE = 64;
const INDUCTION = 1;
const CONCLUSION = -1; // 0xFFFFFFFF
const SID_EXTENSION = 5;
const SRT_MAGIC = 0x4a17; // an HSv5 listener's induction answer carries it in the extension field
// A rejection is a handshake whose type is 1000 + reason (libsrt's URQFailure).
const REJECTION_BASE = 1000;
const SRT_REJX_FORBIDDEN = 1403;

/** An ffmpeg SRT listener on a loopback port, pushing whatever it receives to pushUrlFor(token). */
interface Listener {
  token: string;
  port: number;
  child: ChildProcess;
  stderr: string;
  /** Resolves with how the process ended, for the log. */
  exited: Promise<string>;
}

interface Caller {
  peer: string; // address:port, the key in `callers`
  address: string;
  port: number;
  label: string; // for log lines: peer and token
  state: "authorizing" | "refused" | "relaying";
  listener?: Listener;
  relay?: Socket;
  conclusion: Buffer; // the latest, replayed to ffmpeg once its cookie is known
  ffmpegCookie?: number;
  ffmpegSocketId?: number; // the destination of the caller's data packets
  stall: NodeJS.Timeout;
}

export async function startSrtIngest(options: SrtIngestOptions): Promise<SrtIngest> {
  const host = options.host ?? "0.0.0.0";
  const latencyUs = (options.latencyMs ?? 200) * 1000;
  const stallTimeoutMs = options.stallTimeoutMs ?? 10_000;
  const log = options.log ?? ((line: string) => console.log(line));

  const callers = new Map<string, Caller>();
  const running = new Set<Listener>();
  const cookieSecret = randomBytes(32);
  let standby: Listener | null = null;
  let standbyFailures = 0;
  let respawnTimer: NodeJS.Timeout | undefined;
  let closing = false;
  const lastLogged = new Map<string, number>(); // kind of repeated fault -> when last logged

  const main = createSocket({ type: isIPv6(host) ? "udp6" : "udp4", recvBufferSize: 4 << 20, sendBufferSize: 4 << 20 });
  await new Promise<void>((resolve, reject) => {
    main.once("error", reject);
    main.bind(options.port, host, () => {
      main.off("error", reject);
      resolve();
    });
  });
  main.on("error", (error) => log(`srt: socket error: ${error.message}`));
  main.on("message", (msg, from) => {
    const peer = `${from.address}:${from.port}`;
    const type = handshakeType(msg);
    if (type === INDUCTION) return answerInduction(msg, from);
    const caller = callers.get(peer);
    if (caller) return fromCaller(caller, msg, type);
    if (type === CONCLUSION && hasOurCookie(msg, from)) return void admit(msg, from, peer);
    logOccasionally(
      "stray",
      `srt: ignoring datagrams from unknown peers that are no SRT handshake (latest from ${peer})`,
    );
  });

  // Same idea as libsrt's cookie: only a caller that receives our answer can conclude.
  function cookieFor(from: RemoteInfo, minutesAgo: number): number {
    const minute = Math.floor(Date.now() / 60_000) - minutesAgo;
    return createHmac("sha256", cookieSecret).update(`${from.address}:${from.port}:${minute}`).digest().readUInt32BE(0);
  }
  const hasOurCookie = (msg: Buffer, from: RemoteInfo) =>
    [0, 1].some((minutesAgo) => msg.readUInt32BE(AT.cookie) === cookieFor(from, minutesAgo));

  function answerInduction(induction: Buffer, from: RemoteInfo) {
    // What libsrt's listener answers: the request back, as version 5, with the magic and a cookie.
    const answer = withFields(induction.subarray(0, HANDSHAKE_SIZE), {
      destination: induction.readUInt32BE(AT.socketId),
      version: 5,
      flags: SRT_MAGIC,
      cookie: cookieFor(from, 0),
    });
    main.send(answer, from.port, from.address);
  }

  async function admit(conclusion: Buffer, from: RemoteInfo, peer: string) {
    const listener = standby;
    if (!listener) {
      // Only while a failed standby is respawning; the caller repeats its conclusion.
      logOccasionally("no-standby", `srt: no standby ffmpeg ready, ${peer} has to wait`);
      return;
    }
    standby = null;
    standbyFailures = 0; // it lived until a caller took it
    void spawnStandby();

    const caller: Caller = {
      peer,
      address: from.address,
      port: from.port,
      label: `${peer} (${listener.token})`,
      state: "authorizing",
      listener,
      conclusion,
      // A refused caller is only forgotten (its refusal was logged); any other is torn down.
      stall: setTimeout(
        () => void endCaller(caller, caller.state === "refused" ? null : `no SRT datagram for ${stallTimeoutMs} ms`),
        stallTimeoutMs,
      ),
    };
    callers.set(peer, caller);

    const streamKey = streamKeyOfSrtStreamId(streamIdOf(conclusion));
    const verdict = await options
      .authorize(streamKey, { token: listener.token, peer })
      .catch((error: Error) => ({ ok: false as const, reason: `authorize failed: ${error.message}` }));
    if (callers.get(peer) !== caller) return; // ended meanwhile (stalled, dropped, closing)

    if (!verdict.ok) {
      log(
        `srt: refused ${peer}, stream key ${streamKey === null ? "(none)" : streamKeyHint(streamKey)}: ${verdict.reason}`,
      );
      // Kept as "refused" until it goes quiet, so a repeated conclusion is answered, not re-authorised.
      caller.state = "refused";
      caller.listener = undefined;
      void stopFfmpeg(listener);
      sendRejection(caller);
      return;
    }

    log(`srt: ${caller.label} publishing with stream key ${streamKey === null ? "(none)" : streamKeyHint(streamKey)}`);
    caller.state = "relaying";
    caller.relay = openRelay(caller, listener);
    sendInductionToFfmpeg(caller);
  }

  function fromCaller(caller: Caller, msg: Buffer, type: number | null) {
    // Handshakes go to socket 0 until connected, data and control to ffmpeg's SRT socket.
    const destination = msg.length >= 16 ? msg.readUInt32BE(AT.destination) : undefined;
    const isSrt = type !== null ? destination === 0 : destination === caller.ffmpegSocketId;
    if (!isSrt) {
      // Not forwarded and not counted as life: a caller sending only garbage stalls out.
      logOccasionally("garbage", `srt: ignoring non-SRT datagrams from ${caller.label}`);
      return;
    }
    caller.stall.refresh();
    if (type === CONCLUSION) caller.conclusion = msg;

    if (caller.state === "refused") {
      if (type === CONCLUSION) sendRejection(caller);
    } else if (caller.state === "relaying") {
      if (caller.ffmpegCookie !== undefined) {
        caller.relay!.send(
          type === CONCLUSION ? withFields(msg, { cookie: caller.ffmpegCookie }) : msg,
          caller.listener!.port,
          "127.0.0.1",
        );
      } else if (type === CONCLUSION) {
        sendInductionToFfmpeg(caller); // ffmpeg may still be starting: try again on every repeat
      }
    }
    // "authorizing": the conclusion is held until authorize answers.
  }

  function openRelay(caller: Caller, listener: Listener): Socket {
    const relay = createSocket("udp4");
    relay.bind(0, "127.0.0.1"); // sends made before the bind completes are queued
    relay.on("error", (error) => void endCaller(caller, `relay socket: ${error.message}`));
    relay.on("message", (msg, from) => {
      if (from.port !== listener.port) return;
      const type = handshakeType(msg);
      if (type === INDUCTION) {
        // ffmpeg's answer to our induction: its cookie goes into the caller's conclusion.
        caller.ffmpegCookie = msg.readUInt32BE(AT.cookie);
        relay.send(withFields(caller.conclusion, { cookie: caller.ffmpegCookie }), listener.port, "127.0.0.1");
        return;
      }
      if (type === CONCLUSION) caller.ffmpegSocketId = msg.readUInt32BE(AT.socketId);
      main.send(msg, caller.port, caller.address);
    });
    return relay;
  }

  function sendInductionToFfmpeg(caller: Caller) {
    // What a libsrt caller sends first: version 4, stream type 2 (dgram), no cookie, no extensions.
    const induction = withFields(caller.conclusion.subarray(0, HANDSHAKE_SIZE), {
      version: 4,
      flags: 2,
      type: INDUCTION,
      cookie: 0,
    });
    caller.relay!.send(induction, caller.listener!.port, "127.0.0.1");
  }

  function sendRejection(caller: Caller) {
    const rejection = withFields(caller.conclusion.subarray(0, HANDSHAKE_SIZE), {
      destination: caller.conclusion.readUInt32BE(AT.socketId),
      type: REJECTION_BASE + SRT_REJX_FORBIDDEN,
    });
    main.send(rejection, caller.port, caller.address);
  }

  async function endCaller(caller: Caller, why: string | null) {
    if (callers.get(caller.peer) !== caller) return;
    callers.delete(caller.peer);
    clearTimeout(caller.stall);
    if (why) log(`srt: ${caller.label} ended: ${why}`);
    if (caller.listener) await stopFfmpeg(caller.listener);
    // Closed only now, so ffmpeg's SRT shutdown still reaches the caller, which then stops at once.
    caller.relay?.close();
  }

  async function spawnStandby() {
    try {
      const port = await freeUdpPort();
      if (!closing) standby = runFfmpeg(randomBytes(12).toString("hex"), port);
    } catch (error) {
      standbyFailed((error as Error).message);
    }
  }

  function standbyFailed(why: string) {
    standby = null;
    if (closing) return;
    const delay = Math.min(30_000, 500 * 2 ** standbyFailures++);
    log(`srt: standby listener lost (${why}); respawning in ${delay} ms`);
    respawnTimer = setTimeout(() => void spawnStandby(), delay);
  }

  function runFfmpeg(token: string, port: number): Listener {
    const input = `srt://127.0.0.1:${port}?mode=listener&latency=${latencyUs}`;
    // prettier-ignore
    const args = [
      "-hide_banner", "-loglevel", "error", "-nostdin",
      "-i", input, "-c", "copy", "-f", "flv", options.pushUrlFor(token),
    ];
    const child = spawnTied("ffmpeg", args, { stdio: ["ignore", "ignore", "pipe"] });
    const listener: Listener = {
      token,
      port,
      child,
      stderr: "",
      exited: new Promise((resolve) => {
        child.once("error", (error) => resolve(`ffmpeg could not run: ${error.message}`));
        // "close" rather than "exit": by then all of stderr has been read.
        child.once("close", (code, signal) => {
          if (code === 0) return resolve("ffmpeg finished: its input ended");
          const output = lastLine(listener.stderr);
          resolve(`ffmpeg failed (${signal ?? `exit code ${code}`})${output ? `: ${output}` : ""}`);
        });
      }),
    };
    child.stderr!.on("data", (chunk: Buffer) => (listener.stderr = (listener.stderr + chunk.toString()).slice(-400)));
    running.add(listener);
    void listener.exited.then((why) => {
      running.delete(listener);
      if (listener === standby) return standbyFailed(why);
      // A caller's ffmpeg ending (publisher finished, push target refused, bad codec) ends the caller.
      const caller = [...callers.values()].find((c) => c.listener === listener);
      if (caller) void endCaller(caller, why);
    });
    return listener;
  }

  function logOccasionally(kind: string, line: string) {
    const now = Date.now();
    if (now - (lastLogged.get(kind) ?? 0) < 10_000) return;
    lastLogged.set(kind, now);
    log(line);
  }

  await spawnStandby();
  const { port } = main.address();
  log(`srt: listening on ${host}:${port}`);

  return {
    port,
    dropToken(token) {
      const caller = [...callers.values()].find((c) => c.listener?.token === token);
      if (caller) void endCaller(caller, "token dropped");
    },
    async close() {
      closing = true;
      clearTimeout(respawnTimer);
      await Promise.all([...callers.values()].map((caller) => endCaller(caller, "ingest closing")));
      await Promise.all([...running].map(stopFfmpeg));
      await new Promise<void>((resolve) => main.close(() => resolve()));
    },
  };
}

/** SIGTERM lets ffmpeg close its SRT socket and RTMP push cleanly; SIGKILL if it hangs. */
async function stopFfmpeg(listener: Listener): Promise<void> {
  listener.child.kill("SIGTERM");
  const force = setTimeout(() => listener.child.kill("SIGKILL"), 3000);
  await listener.exited;
  clearTimeout(force);
}

/** The handshake type of an SRT handshake packet (control type 0), or null for any other datagram. */
function handshakeType(msg: Buffer): number | null {
  if (msg.length < HANDSHAKE_SIZE || msg.readUInt32BE(0) !== 0x8000_0000) return null;
  return msg.readInt32BE(AT.type);
}

/** A copy of a handshake packet with some 32-bit fields replaced. */
function withFields(packet: Buffer, fields: Partial<Record<keyof typeof AT, number>>): Buffer {
  const copy = Buffer.from(packet);
  for (const [field, value] of Object.entries(fields)) copy.writeUInt32BE(value >>> 0, AT[field as keyof typeof AT]);
  return copy;
}

/**
 * The stream id in a conclusion's SID extension, "" without one. libsrt writes
 * it as 32-bit words with the bytes of each word reversed, zero-padded.
 */
function streamIdOf(conclusion: Buffer): string {
  for (let at = HANDSHAKE_SIZE; at + 4 <= conclusion.length;) {
    const type = conclusion.readUInt16BE(at);
    const end = at + 4 + conclusion.readUInt16BE(at + 2) * 4;
    if (end > conclusion.length) break;
    if (type === SID_EXTENSION) {
      const content = Buffer.from(conclusion.subarray(at + 4, end)).swap32();
      return content.toString("utf8").replace(/\0+$/, "");
    }
    at = end;
  }
  return "";
}

const lastLine = (text: string) => text.trim().split("\n").at(-1) ?? "";

async function freeUdpPort(): Promise<number> {
  const probe = createSocket("udp4");
  await new Promise<void>((resolve, reject) => {
    probe.once("error", reject);
    probe.bind(0, "127.0.0.1", () => resolve());
  });
  const { port } = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
