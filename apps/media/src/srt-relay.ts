// The SRT relay: many publishers on one UDP port, each authorised by its stream id.
// It runs on a thread of its own (srt-relay-thread.ts, started by srt-ingest.ts), so a
// busy gateway never keeps a caller's handshake or datagrams waiting.
//
// libsrt does the protocol (we never implement SRT ourselves), through
// srt-live-transmit (Debian's srt-tools): one caller per process, no look at the
// stream id. So this module is a UDP relay in front of it that only reads SRT handshakes:
//
//   caller ──UDP──▶ public socket ──▶ per-caller relay socket ──▶ srt-live-transmit listener on 127.0.0.1
//     ──MPEG-TS──▶ this thread ──▶ ffmpeg ──RTMP──▶ pushUrlPrefix + token
//
// 1. The relay answers a caller's INDUCTION itself, with a cookie derived from
//    the caller's address (as libsrt does), so no listener is spent on callers
//    that never complete a handshake or spoof their address.
// 2. The CONCLUSION carries the stream id. It is held (the caller repeats it
//    every 250 ms) while options.authorize decides, with the token of a warm
//    "standby" listener taken for this caller (STANDBY_LISTENERS are kept; once
//    they are taken, a caller gets a listener started for it there and then,
//    never "wait for the standby"). A caller gives up its whole handshake after
//    its connect timeout (libsrt's default: 3 s from its first packet), and
//    starting a process blocks the event loop that starts it until the child runs
//    (100–300 ms each on a loaded machine: 20 callers at once, three processes
//    each, were seconds without an answer to anyone), so standbys are replaced
//    only while no handshake is under way. The relay waits for the decision at most
//    AUTHORIZE_WAIT_MS: a busy API (20 cameras connecting at once on a loaded
//    machine took 1.5–4.5 s to answer) lets the caller in while it decides, and
//    a late refusal ends it with an SRT shutdown (the push is held at nginx
//    until the decision, so nothing of it is published).
// 3. Allowed: the relay makes its own induction to that listener for its
//    cookie, puts it into the caller's conclusion, and from then on relays
//    datagrams both ways unchanged (only conclusions get the listener's cookie).
//    Refused: the caller gets an SRT rejection, so it fails at once.
//
// A caller that leaves: srt-live-transmit ends as soon as it sees the caller's SRT
// shutdown, and what libsrt received that it has not read yet is lost (a caller
// leaving while the push was held up for 2 s lost its last second). So the relay
// keeps the shutdown back until the listener has passed on every byte it
// acknowledged (at most DRAIN_MS).
//
// Lossy uplinks: the SRT latency (default 1 s, at least 4 × RTT as SRT advises)
// gives lost packets time to be retransmitted; what still arrives too late is
// dropped by libsrt, and ffmpeg discards the MPEG-TS packets it broke instead of
// pushing them (a broken AAC frame used to end the push, and with it the caller).
// srt-live-transmit also reports libsrt's statistics, which ffmpeg's SRT input cannot.
import { execFile, type ChildProcess } from "node:child_process";
import { spawnTied } from "./processes.ts";
import { createHmac, randomBytes } from "node:crypto";
import { createSocket, type RemoteInfo, type Socket } from "node:dgram";
import { constants, mkdtempSync, openSync, rmSync } from "node:fs";
import { isIPv6, Socket as StreamSocket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { promisify } from "node:util";
import { streamKeyHint, streamKeyOfSrtStreamId, type PublisherStats } from "@clubcast/shared";
import { keyframeGate } from "./keyframe-gate.ts";

/** What the relay is told when it starts: plain data, as it crosses to the relay's thread. */
export interface SrtRelaySettings {
  port: number;
  host?: string;
  /** SRT latency of the listeners (SRT_LATENCY_MS, default 1000); the caller's own setting wins when larger. */
  latencyMs?: number;
  /** A caller that sends no SRT datagram for this long is torn down. */
  stallTimeoutMs?: number;
  /** Where the caller holding a token is pushed (RTMP, as flv): this URL with the token appended. */
  pushUrlPrefix: string;
}

/** The relay's questions and reports to the gateway. */
export interface SrtRelayCallbacks {
  authorize(
    streamKey: string | null,
    publisher: { token: string; peer: string },
  ): Promise<{ ok: true } | { ok: false; reason: string }>;
  log?(line: string): void;
  /** libsrt's view of each publisher's link, every few seconds while it sends. */
  onStats?(token: string, stats: PublisherStats): void;
  /** A caller's stream carries a codec the push to nginx (FLV) can't take (HEVC, Opus, …); it is ended. */
  onUnsupportedCodec?(token: string, codec: { kind: "video" | "audio"; name: string }): void;
}

export type SrtIngestOptions = SrtRelaySettings & SrtRelayCallbacks;

export interface SrtIngest {
  port: number;
  close(): Promise<void>;
  /** Ends the publisher holding this token: its relay and its listener. */
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
// Control packet types. An acknowledgement's first word is the sequence number the listener expects next.
const ACK = 2;
const SHUTDOWN = 5;
const HEADER_SIZE = 16;

// srt-live-transmit reports per so many packets received (about 2 a second at 2.5 Mbit/s);
// they are summed and passed on every few seconds.
const STATS_EVERY_PACKETS = 100;
/** How long a caller's stream is held for its first video keyframe before it goes on as it is (no video?). */
const VIDEO_WAIT_MS = 15_000;
const STATS_INTERVAL_MS = 5000;
/** How long a caller's shutdown waits for its listener to pass on what it received (a gap never filled, a stuck push). */
const DRAIN_MS = 3000;
/**
 * How long a caller's handshake waits for options.authorize before it goes on while the decision is pending:
 * well within a caller's connect timeout (libsrt's default 3 s, counted from its first packet), leaving time
 * for a listener started under load to answer.
 */
export const AUTHORIZE_WAIT_MS = 1000;
/** Warm listeners kept for callers to come (an idle srt-live-transmit and ffmpeg each, about 25 MB). */
const STANDBY_LISTENERS = 4;
const execFileAsync = promisify(execFile);
const newToken = () => randomBytes(12).toString("hex");

/** An SRT listener on a loopback port (srt-live-transmit) and the ffmpeg pushing what it receives to its push URL. */
interface Listener {
  token: string;
  port: number;
  srt: ChildProcess;
  push: ChildProcess;
  /** Bytes of stream srt-live-transmit has passed on so far. */
  passedOn: number;
  /** Called whenever srt-live-transmit passed on more. */
  onPassedOn(): void;
  /** Resolves once both processes are gone, with how the first one ended, for the log. */
  exited: Promise<string>;
  /** Set once both are gone. */
  gone: boolean;
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
  listenerCookie?: number;
  listenerSocketId?: number; // the destination of the caller's data packets
  stall: NodeJS.Timeout;
  /** Payload bytes of the caller's data packets the listener has acknowledged. */
  acknowledgedBytes: number;
  /** Payload bytes of the data packets relayed and not acknowledged yet, by sequence number. */
  unacknowledged: Map<number, number>;
  /** The listener's latest acknowledgement: the sequence number it expects next. */
  expectedSequence: number | null;
  /** The caller's SRT shutdown, held until its listener has passed on all it received. */
  shutdown: { packet: Buffer; timer: NodeJS.Timeout; passed: boolean } | null;
}

/** libsrt's counters, summed over reports until they are passed on. */
interface StatsWindow {
  /** srt-live-transmit's clock (ms) at the report before the first one summed; null before any report. */
  since: number | null;
  rttMs: number | null;
  received: number;
  lost: number;
  retransmitted: number;
  dropped: number;
  bytes: number;
}

export async function startSrtRelay(options: SrtIngestOptions): Promise<SrtIngest> {
  const host = options.host ?? "0.0.0.0";
  const latencyMs = options.latencyMs ?? 1000;
  const stallTimeoutMs = options.stallTimeoutMs ?? 10_000;
  const log = options.log ?? ((line: string) => console.log(line));

  const callers = new Map<string, Caller>();
  // Callers whose listener ended, by peer: their SRT socket id, to tell them at once if they keep sending.
  const ended = new Map<string, { socketId: number; forget: NodeJS.Timeout }>();
  const running = new Set<Listener>();
  const cookieSecret = randomBytes(32);
  /** Warm listeners, oldest first. */
  const standbys: Listener[] = [];
  let startingStandby = false;
  let standbyFailures = 0;
  let respawnTimer: NodeJS.Timeout | undefined;
  let closing = false;
  const lastLogged = new Map<string, number>(); // kind of repeated fault -> when last logged
  const fifoDir = mkdtempSync(join(tmpdir(), "clubcast-srt-")); // the listeners' stats FIFOs

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
    const gone = ended.get(peer);
    if (gone && type === null) return void main.send(shutdownFor(gone.socketId), from.port, from.address);
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
    // The warm standby when there is one; otherwise (callers coming at once) a listener started for this one.
    const warm = standbys.shift();
    if (warm) standbyFailures = 0; // it lived until a caller took it
    const token = warm?.token ?? newToken();
    const listening = warm ? Promise.resolve(warm) : startListener(token);

    const caller: Caller = {
      peer,
      address: from.address,
      port: from.port,
      label: `${peer} (${token})`,
      state: "authorizing",
      conclusion,
      acknowledgedBytes: 0,
      unacknowledged: new Map(),
      expectedSequence: null,
      shutdown: null,
      // A refused caller is only forgotten (its refusal was logged); any other is torn down.
      stall: setTimeout(
        () => void endCaller(caller, caller.state === "refused" ? null : `no SRT datagram for ${stallTimeoutMs} ms`),
        stallTimeoutMs,
      ),
    };
    callers.set(peer, caller);

    const streamKey = streamKeyOfSrtStreamId(streamIdOf(conclusion));
    const keyHint = streamKey === null ? "(none)" : streamKeyHint(streamKey);
    const verdict = options
      .authorize(streamKey, { token, peer })
      .catch((error: Error) => ({ ok: false as const, reason: `authorize failed: ${error.message}` }));
    let waiting: NodeJS.Timeout | undefined;
    const early = await Promise.race([
      verdict,
      new Promise<null>((resolve) => (waiting = setTimeout(() => resolve(null), AUTHORIZE_WAIT_MS))),
    ]);
    clearTimeout(waiting);
    if (early && !early.ok) {
      if (callers.get(peer) !== caller) return void listening.then(stopListener, () => undefined);
      log(`srt: refused ${peer}, stream key ${keyHint}: ${early.reason}`);
      // Kept as "refused" until it goes quiet, so a repeated conclusion is answered, not re-authorised.
      caller.state = "refused";
      void listening.then(stopListener, () => undefined);
      sendRejection(caller);
      void replenish(); // its handshake is done
      return;
    }
    const listener = await listening.catch((error: Error) => {
      log(`srt: no listener for ${caller.label}: ${error.message}`);
      return null;
    });
    if (callers.get(peer) !== caller || !listener || listener.gone) {
      // Ended meanwhile (stalled, dropped, closing), or its listener could not start: the caller tries again.
      if (listener) void stopListener(listener);
      if (callers.get(peer) === caller) void endCaller(caller, "its listener ended before the handshake");
      return;
    }
    caller.listener = listener;
    log(
      early
        ? `srt: ${caller.label} publishing with stream key ${keyHint}`
        : `srt: ${caller.label} let in with stream key ${keyHint} while the API decides (no answer within ${AUTHORIZE_WAIT_MS} ms)`,
    );
    caller.state = "relaying";
    listener.onPassedOn = () => passShutdownOnceDrained(caller);
    caller.relay = openRelay(caller, listener);
    sendInductionToListener(caller);
    if (early) return;
    const late = await verdict;
    if (callers.get(peer) !== caller) return;
    if (late.ok) log(`srt: ${caller.label} publishing with stream key ${keyHint}`);
    else void endCaller(caller, `refused, stream key ${keyHint}: ${late.reason}`);
  }

  function fromCaller(caller: Caller, msg: Buffer, type: number | null) {
    // Handshakes go to socket 0 until connected, data and control to the listener's SRT socket.
    const destination = msg.length >= 16 ? msg.readUInt32BE(AT.destination) : undefined;
    const isSrt = type !== null ? destination === 0 : destination === caller.listenerSocketId;
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
      if (caller.listenerCookie !== undefined) {
        const control = controlTypeOf(msg);
        if (control === SHUTDOWN) return holdShutdown(caller, msg);
        if (control === null) relayingData(caller, msg);
        caller.relay!.send(
          type === CONCLUSION ? withFields(msg, { cookie: caller.listenerCookie }) : msg,
          caller.listener!.port,
          "127.0.0.1",
        );
      } else if (type === CONCLUSION) {
        sendInductionToListener(caller); // the listener may still be starting: try again on every repeat
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
        // The listener's answer to our induction: its cookie goes into the caller's conclusion.
        caller.listenerCookie = msg.readUInt32BE(AT.cookie);
        relay.send(withFields(caller.conclusion, { cookie: caller.listenerCookie }), listener.port, "127.0.0.1");
        return;
      }
      if (type === CONCLUSION && caller.listenerSocketId === undefined) {
        caller.listenerSocketId = msg.readUInt32BE(AT.socketId);
        void replenish(); // its handshake is done
      }
      if (controlTypeOf(msg) === ACK && msg.length >= HEADER_SIZE + 4) {
        acknowledged(caller, msg.readUInt32BE(HEADER_SIZE) & SEQUENCE_MASK);
      }
      main.send(msg, caller.port, caller.address);
    });
    return relay;
  }

  function relayingData(caller: Caller, packet: Buffer) {
    const sequence = packet.readUInt32BE(0) & SEQUENCE_MASK;
    // A packet sent again after the listener acknowledged it (its acknowledgement was lost) is counted already.
    if (caller.expectedSequence !== null && comesBefore(sequence, caller.expectedSequence)) return;
    caller.unacknowledged.set(sequence, packet.length - HEADER_SIZE);
  }

  function acknowledged(caller: Caller, expectedSequence: number) {
    caller.expectedSequence = expectedSequence;
    for (const [sequence, bytes] of caller.unacknowledged) {
      if (!comesBefore(sequence, expectedSequence)) continue;
      caller.acknowledgedBytes += bytes;
      caller.unacknowledged.delete(sequence);
    }
    passShutdownOnceDrained(caller);
  }

  function holdShutdown(caller: Caller, packet: Buffer) {
    caller.shutdown ??= { packet, timer: setTimeout(() => passShutdown(caller), DRAIN_MS), passed: false };
    passShutdownOnceDrained(caller);
  }

  /** Everything relayed is acknowledged, and all of it passed on: the listener may end. */
  function passShutdownOnceDrained(caller: Caller) {
    if (caller.shutdown && caller.unacknowledged.size === 0 && caller.listener!.passedOn >= caller.acknowledgedBytes) {
      passShutdown(caller);
    }
  }

  function passShutdown(caller: Caller) {
    const shutdown = caller.shutdown!;
    if (shutdown.passed || callers.get(caller.peer) !== caller) return;
    shutdown.passed = true;
    clearTimeout(shutdown.timer);
    caller.relay!.send(shutdown.packet, caller.listener!.port, "127.0.0.1");
  }

  function sendInductionToListener(caller: Caller) {
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
    void replenish();
    clearTimeout(caller.shutdown?.timer);
    if (why) log(`srt: ${caller.label} ended: ${why}`);
    if (caller.state === "relaying" && !closing) {
      // A caller whose listener died without its SRT shutdown would keep sending until its own
      // timeout; answering its datagrams with a shutdown makes it reconnect at once.
      const socketId = caller.conclusion.readUInt32BE(AT.socketId);
      const forget = setTimeout(() => ended.delete(caller.peer), stallTimeoutMs);
      clearTimeout(ended.get(caller.peer)?.forget);
      ended.set(caller.peer, { socketId, forget });
    }
    if (caller.listener) await stopListener(caller.listener);
    // Closed only now, so the listener's SRT shutdown still reaches the caller, which then stops at once.
    caller.relay?.close();
  }

  /** Callers whose handshake is under way: until it is done, no process is started that need not be. */
  const handshaking = () =>
    [...callers.values()].some(
      (caller) =>
        caller.state === "authorizing" || (caller.state === "relaying" && caller.listenerSocketId === undefined),
    );

  /** Tops the standbys up, one listener at a time, while no handshake is under way. */
  async function replenish() {
    if (closing || startingStandby || respawnTimer || standbys.length >= STANDBY_LISTENERS || handshaking()) return;
    startingStandby = true;
    try {
      const listener = await startListener(newToken());
      if (closing) void stopListener(listener);
      else standbys.push(listener);
    } catch (error) {
      return standbyFailed((error as Error).message);
    } finally {
      startingStandby = false;
    }
    void replenish();
  }

  /** A listener on a free loopback port with its stats FIFO, made without blocking (callers may be waiting). */
  async function startListener(token: string): Promise<Listener> {
    const port = await freeUdpPort();
    const statsPath = join(fifoDir, `${token}.stats`);
    await execFileAsync("mkfifo", [statsPath]);
    return runListener(token, port, statsPath);
  }

  function standbyFailed(why: string) {
    if (closing) return;
    const delay = Math.min(30_000, 500 * 2 ** standbyFailures++);
    log(`srt: standby listener lost (${why}); respawning in ${delay} ms`);
    clearTimeout(respawnTimer);
    respawnTimer = setTimeout(() => {
      respawnTimer = undefined;
      void replenish();
    }, delay);
  }

  function runListener(token: string, port: number, statsPath: string): Listener {
    // srt-live-transmit writes its stats to a file it opens by name, so they come through a FIFO
    // (Node's stdio pipes are sockets, which it cannot open), apart from the stream on stdout.
    // Opened read-write, so reading it never meets an end of file before srt-live-transmit opens it.
    const statsIn = new StreamSocket({
      fd: openSync(statsPath, constants.O_RDWR | constants.O_NONBLOCK),
      writable: false,
    });
    // -a:no: the process ends with its caller. Stats every 100 packets, a few a second.
    // tsbpdmode=false: data is passed on as soon as it is whole, not held for the latency: libsrt throws
    // away what it still holds when its caller goes (a camera switched off lost its last 1.5 s), and a
    // lost packet is waited for until SRT recovered it rather than dropped as too late.
    // tlpktdrop=0: and the camera is told not to drop it either. Its libsrt otherwise gives up a packet once
    // older than its own latency (120 ms by default), and a receiver that waits for it waits for ever: on
    // a busy machine both lossy-link cameras of srt-lossy.test.ts stopped passing anything on after a few
    // seconds, still connected, until nginx dropped their idle pushes (3 CI runs out of 3 here).
    // stdbuf -o0: its output unbuffered, or C stdio would keep up to 4 KiB of what it read until it ends, and
    // what it passed on would never add up to what it acknowledged (a caller's shutdown waits for that).
    // prettier-ignore
    const srt = spawnTied("stdbuf", [
      "-o0", "srt-live-transmit", "-a:no", "-ll:error", `-s:${STATS_EVERY_PACKETS}`, "-pf:json", `-statsout:${statsPath}`,
      `srt://127.0.0.1:${port}?mode=listener&latency=${latencyMs}&tsbpdmode=false&tlpktdrop=0`, "file://con",
    ], { stdio: ["ignore", "pipe", "pipe"] });
    // -f mpegts: no probing of what the first bytes look like. discardcorrupt: a packet libsrt
    // could not recover leaves a gap in the MPEG-TS; the frames it broke are dropped, not pushed.
    // prettier-ignore
    const push = spawnTied("ffmpeg", [
      "-hide_banner", "-loglevel", "error", "-nostdin",
      "-f", "mpegts", "-fflags", "+discardcorrupt", "-analyzeduration", "500000", "-i", "pipe:0",
      "-c", "copy", "-f", "flv", `${options.pushUrlPrefix}${token}`,
    ], { stdio: ["pipe", "ignore", "pipe"] });
    // Piped through here rather than process to process: when ffmpeg ends first, srt-live-transmit
    // is not killed by SIGPIPE but stopped, and its SRT shutdown tells the caller.
    // The stream reaches ffmpeg from its first keyframe (keyframe-gate.ts), so half a second of probing
    // finds the picture size even for a camera that joined mid-GOP, and nothing waits longer for it.
    srt.stdout!.pipe(keyframeGate(VIDEO_WAIT_MS)).pipe(push.stdin!);
    srt.stdout!.on("data", (chunk: Buffer) => {
      listener.passedOn += chunk.length;
      listener.onPassedOn();
    });
    push.stdin!.on("error", () => undefined); // ffmpeg gone: its exit is what counts
    // ffmpeg 5.1's words: "Video codec hevc not compatible with flv". Read from what it wrote so far, not
    // chunk by chunk: a busy machine hands a line over in pieces (CI missed one), and it is said once.
    let pushErrors = "";
    let codecTold = false;
    push.stderr!.on("data", (chunk: Buffer) => {
      if (codecTold || pushErrors.length > 16_384) return;
      pushErrors += chunk.toString();
      const codec = /(Video|Audio) codec '?([\w-]+)'? (?:for stream \d+ )?(?:is )?not compatible with flv/i.exec(
        pushErrors,
      );
      if (!codec) return;
      codecTold = true;
      options.onUnsupportedCodec?.(token, { kind: codec[1] === "Video" ? "video" : "audio", name: codec[2]! });
    });
    const window = newWindow();
    readLines(statsIn, (line) => takeStats(token, window, line));

    const ends = [endOf(srt, "srt-live-transmit", "its caller disconnected"), endOf(push, "ffmpeg", "its input ended")];
    const listener: Listener = {
      token,
      port,
      srt,
      push,
      passedOn: 0,
      onPassedOn: () => undefined,
      exited: Promise.race(ends).then(async (first) => {
        await Promise.all(ends);
        listener.gone = true;
        return first;
      }),
      gone: false,
    };
    running.add(listener);
    void Promise.race(ends).then(() => {
      // ffmpeg ending first (push target refused, bad codec) ends the SRT side; the SRT side
      // ending first (caller gone) lets ffmpeg finish its input and the RTMP push cleanly.
      if (push.exitCode !== null || push.signalCode !== null) srt.kill("SIGTERM");
    });
    void listener.exited.then((why) => {
      running.delete(listener);
      statsIn.destroy();
      rmSync(statsPath, { force: true });
      const asStandby = standbys.indexOf(listener);
      if (asStandby >= 0) {
        standbys.splice(asStandby, 1);
        return standbyFailed(why);
      }
      // A caller's listener ending (publisher finished, push target refused, bad codec) ends the caller.
      const caller = [...callers.values()].find((c) => c.listener === listener);
      if (caller) void endCaller(caller, why);
    });
    return listener;
  }

  function takeStats(token: string, window: StatsWindow, line: string) {
    const report = parseStats(line);
    if (!report) return;
    // The first report covers the time since the listener started, not since the caller came.
    if (window.since === null) return void (window.since = report.atMs);
    window.rttMs = report.rttMs ?? window.rttMs;
    window.received += report.received;
    window.lost += report.lost;
    window.retransmitted += report.retransmitted;
    window.dropped += report.dropped;
    window.bytes += report.bytes;
    // Timed by the reports' own clock: they reach us in bursts, when srt-live-transmit flushes its output.
    const elapsedMs = report.atMs - window.since;
    if (elapsedMs < STATS_INTERVAL_MS) return;
    if (window.dropped > 0) log(`srt: ${token} lost ${window.dropped} packets that came too late to be recovered`);
    const sent = window.received - window.retransmitted + window.lost;
    options.onStats?.(token, {
      rtt_ms: window.rttMs,
      loss_percent: sent > 0 ? round((100 * window.lost) / sent) : null,
      retransmitted_packets: window.retransmitted,
      dropped_packets: window.dropped,
      bitrate_kbps: round((window.bytes * 8) / elapsedMs),
    });
    Object.assign(window, newWindow(), { since: report.atMs });
  }

  function logOccasionally(kind: string, line: string) {
    const now = Date.now();
    if (now - (lastLogged.get(kind) ?? 0) < 10_000) return;
    lastLogged.set(kind, now);
    log(line);
  }

  await replenish();
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
      for (const { forget } of ended.values()) clearTimeout(forget);
      await Promise.all([...running].map(stopListener));
      rmSync(fifoDir, { recursive: true, force: true });
      await new Promise<void>((resolve) => main.close(() => resolve()));
    },
  };
}

/** SIGTERM lets srt-live-transmit send its SRT shutdown and ffmpeg end its RTMP push cleanly; SIGKILL if they hang. */
async function stopListener(listener: Listener): Promise<void> {
  const both = [listener.srt, listener.push];
  for (const child of both) child.kill("SIGTERM");
  const force = setTimeout(() => both.forEach((child) => child.kill("SIGKILL")), 3000);
  await listener.exited;
  clearTimeout(force);
}

/** Resolves when the child has ended and its stderr is read, with how it ended, for the log. */
function endOf(child: ChildProcess, name: string, normalEnd: string): Promise<string> {
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-400)));
  return new Promise((resolve) => {
    child.once("error", (error) => resolve(`${name} could not run: ${error.message}`));
    // "close" rather than "exit": by then all of stderr has been read.
    child.once("close", (code, signal) => {
      if (code === 0) return resolve(`${name} finished: ${normalEnd}`);
      const output = lastLine(stderr);
      resolve(`${name} failed (${signal ?? `exit code ${code}`})${output ? `: ${output}` : ""}`);
    });
  });
}

const SEQUENCE_MASK = 0x7fff_ffff;

/** Whether SRT sequence number a comes before b (31-bit numbers that wrap around). */
const comesBefore = (a: number, b: number) => a !== b && ((b - a) & SEQUENCE_MASK) < 0x4000_0000;

/** The type of an SRT control packet (the first bit set), or null for a data packet. */
const controlTypeOf = (msg: Buffer) => (msg[0]! & 0x80 ? msg.readUInt16BE(0) & 0x7fff : null);

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

/** An SRT shutdown to the caller's socket: it drops the connection at once and may reconnect. */
function shutdownFor(socketId: number): Buffer {
  const packet = Buffer.alloc(20); // header, then the 4 bytes of padding libsrt sends
  packet.writeUInt16BE(0x8000 | SHUTDOWN, 0);
  packet.writeUInt32BE(socketId, AT.destination);
  return packet;
}

const newWindow = (): StatsWindow => ({
  since: null,
  rttMs: null,
  received: 0,
  lost: 0,
  retransmitted: 0,
  dropped: 0,
  bytes: 0,
});

/** The receiving side of one srt-live-transmit JSON report (counters since the one before), or null. */
function parseStats(line: string): (Omit<StatsWindow, "since"> & { atMs: number }) | null {
  try {
    const report = JSON.parse(line) as {
      time?: number;
      link?: { rtt?: number };
      recv?: {
        packets?: number;
        packetsLost?: number;
        packetsRetransmitted?: number;
        packetsDropped?: number;
        bytes?: number;
      };
    };
    const recv = report.recv;
    if (!recv || typeof report.time !== "number") return null;
    return {
      atMs: report.time,
      rttMs: typeof report.link?.rtt === "number" ? round(report.link.rtt) : null,
      received: recv.packets ?? 0,
      lost: recv.packetsLost ?? 0,
      retransmitted: recv.packetsRetransmitted ?? 0,
      dropped: recv.packetsDropped ?? 0,
      bytes: recv.bytes ?? 0,
    };
  } catch {
    return null; // a line cut short when the process ended
  }
}

function readLines(stream: Readable, onLine: (line: string) => void) {
  createInterface({ input: stream, crlfDelay: Infinity }).on("line", onLine);
}

const round = (value: number) => Math.round(value * 10) / 10;

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
