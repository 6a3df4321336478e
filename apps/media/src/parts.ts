// Cuts a rendition's MPEG-TS stream (as ffmpeg writes it, copied or encoded)
// into the parts of low-latency HLS: a part ends before a video keyframe, or
// before the frame that would make it longer than the part target. So parts
// never wait for the camera's keyframe interval, each keyframe starts a part
// (INDEPENDENT=YES: a segment can start there), and parts joined back to back
// are the stream as written, byte for byte: segments are their parts joined.
//
// A cut falls on a TS packet boundary before a video PES; ffmpeg's muxer writes
// each PES whole and repeats the PAT and PMT right before each keyframe, so a
// part starting at a keyframe begins with the tables a decoder needs.
import {
  PACKET,
  PAT_PID,
  SDT_PID,
  SYNC,
  TS_CLOCK_HZ,
  decodeTimeOf,
  isRandomAccess,
  payloadOf,
  pidOf,
  pmtPidOfPat,
  sectionOf,
  startsUnit,
  videoOfPmt,
} from "./ts-packets.ts";

export interface TsPart {
  bytes: Buffer;
  /** Seconds, from its first video frame's decode time to the next part's. */
  duration: number;
  /** It starts with a keyframe: a player may start there, a segment may begin with it. */
  independent: boolean;
}

/** The 33-bit PES clock wraps (every 26.5 hours). */
const CLOCK_WRAP = 2 ** 33;
const ticksBetween = (from: number, to: number) => (((to - from) % CLOCK_WRAP) + CLOCK_WRAP) % CLOCK_WRAP;

export interface PartSplitter {
  write(chunk: Buffer): void;
  /** The stream ended: its last part is given too. */
  end(): void;
}

export function createPartSplitter(partSeconds: number, onPart: (part: TsPart) => void): PartSplitter {
  const partTicks = partSeconds * TS_CLOCK_HZ;
  let pending = Buffer.alloc(0);
  /** The current part's packets, and how many of the last ones are tables (they go with the next part). */
  let packets: Buffer[] = [];
  let tablesAtEnd = 0;
  let pmtPid: number | null = null;
  let videoPid: number | null = null;
  /** Decode times (ticks) of the current part's first video frame and of the last frame seen. */
  let partStart: number | null = null;
  let lastFrame = 0;
  let frameTicks = 0;
  let independent = false;

  function cut(duration: number) {
    const kept = packets.slice(0, packets.length - tablesAtEnd);
    packets = packets.slice(packets.length - tablesAtEnd);
    onPart({ bytes: Buffer.concat(kept), duration, independent });
  }

  function look(packet: Buffer) {
    const pid = pidOf(packet);
    if (pid === PAT_PID || pid === SDT_PID || pid === pmtPid) {
      if (pid === PAT_PID) pmtPid = pmtPidOfPat(packet) ?? pmtPid;
      else if (pid === pmtPid) {
        const section = sectionOf(packet);
        videoPid = (section && videoOfPmt(section)?.pid) ?? videoPid;
      }
      packets.push(packet);
      tablesAtEnd += 1;
      return;
    }
    const payload = pid === videoPid && startsUnit(packet) ? payloadOf(packet) : null;
    const time = payload && decodeTimeOf(payload);
    if (time !== null && time !== undefined) {
      const keyframe = isRandomAccess(packet);
      if (partStart === null) {
        partStart = time;
        independent = keyframe;
      } else {
        frameTicks = ticksBetween(lastFrame, time);
        const elapsed = ticksBetween(partStart, time);
        // Cut when the next frame would take the part past its target, so no part is longer than it.
        if (keyframe || elapsed + frameTicks > partTicks) {
          cut(elapsed / TS_CLOCK_HZ);
          partStart = time;
          independent = keyframe;
        }
      }
      lastFrame = time;
    }
    packets.push(packet);
    tablesAtEnd = 0;
  }

  return {
    write(chunk) {
      const data = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      let at = 0;
      while (data.length - at >= PACKET) {
        if (data[at] !== SYNC) {
          at += 1; // out of step: find the next sync byte
          continue;
        }
        look(Buffer.from(data.subarray(at, at + PACKET)));
        at += PACKET;
      }
      pending = Buffer.from(data.subarray(at));
    },
    end() {
      if (partStart === null) return;
      tablesAtEnd = 0;
      cut((ticksBetween(partStart, lastFrame) + frameTicks) / TS_CLOCK_HZ);
      partStart = null;
    },
  };
}
