// Holds an MPEG-TS stream back until its video can be decoded: until the
// first packet of the video stream that carries a keyframe's parameter sets
// (H.264 SPS or IDR, HEVC VPS/SPS/PPS or IRAP), then lets it through from the
// last PAT before it, so the reader meets the program tables first.
//
// Why: ffmpeg must know the picture size before it can write FLV, and a camera
// joining mid-GOP sends it only with its first keyframe, up to a 10 s keyframe
// interval later. Left to ffmpeg, that takes a probe as long as the longest
// keyframe interval for every stream; with the gate, ffmpeg's probe starts at
// the keyframe and can be short. Only the TS packet headers, the PAT, the PMT
// and NAL start codes are read; the stream passes unchanged.
import { Transform, type TransformCallback } from "node:stream";
import { H264, HEVC, PACKET, SYNC, payloadOf, pidOf, pmtPidOfPat, sectionOf, videoOfPmt } from "./ts-packets.ts";

/** Whether the video payload holds a start code of a NAL that begins a decodable picture. */
function hasKeyframeNal(payload: Buffer, streamType: number): boolean {
  for (let at = 0; at + 3 < payload.length; at++) {
    if (payload[at] !== 0 || payload[at + 1] !== 0 || payload[at + 2] !== 1) continue;
    const header = payload[at + 3]!;
    if (streamType === H264 && [5, 7].includes(header & 0x1f)) return true;
    if (streamType === HEVC) {
      const type = (header >> 1) & 0x3f;
      if ((type >= 16 && type <= 21) || (type >= 32 && type <= 34)) return true;
    }
  }
  return false;
}

/**
 * A pass-through that starts at the video's first keyframe. After `giveUpMs` without one (no video, a codec it
 * doesn't know) it lets everything through, so the reader can tell what the stream is.
 */
export function keyframeGate(giveUpMs: number): Transform {
  let pending = Buffer.alloc(0);
  /** Packets since the last PAT, held until the keyframe. */
  let held: Buffer[] = [];
  let open = false;
  let pmtPid: number | null = null;
  let video: { pid: number; type: number } | null = null;
  let giveUp: NodeJS.Timeout | undefined;

  function look(packet: Buffer): boolean {
    const pid = pidOf(packet);
    if (pid === 0) {
      pmtPid = pmtPidOfPat(packet) ?? pmtPid;
    } else if (pid === pmtPid && !video) {
      const section = sectionOf(packet);
      if (section) video = videoOfPmt(section);
    } else if (video && pid === video.pid) {
      const payload = payloadOf(packet);
      return payload !== null && hasKeyframeNal(payload, video.type);
    }
    return false;
  }

  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      if (open) {
        const released = held.length || pending.length ? Buffer.concat([...held, pending, chunk]) : chunk;
        held = [];
        pending = Buffer.alloc(0);
        return done(null, released);
      }
      // The wait counts from the first bytes (a listener may wait long for its caller).
      giveUp ??= setTimeout(() => (open = true), giveUpMs).unref();
      pending = Buffer.concat([pending, chunk]);
      let at = 0;
      while (pending.length - at >= PACKET) {
        if (pending[at] !== SYNC) {
          at += 1; // out of step: find the next sync byte
          continue;
        }
        const packet = pending.subarray(at, at + PACKET);
        at += PACKET;
        if (pidOf(packet) === 0) held = []; // from the last PAT on
        held.push(Buffer.from(packet));
        if (look(packet)) {
          open = true;
          break;
        }
      }
      const rest = pending.subarray(at);
      pending = Buffer.alloc(0);
      if (!open) {
        pending = Buffer.from(rest);
        return done();
      }
      clearTimeout(giveUp);
      const released = Buffer.concat([...held, rest]);
      held = [];
      done(null, released);
    },
    flush(done: TransformCallback) {
      clearTimeout(giveUp);
      done(null, open ? null : Buffer.concat([...held, pending]));
    },
  });
}
