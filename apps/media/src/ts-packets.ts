// The little of MPEG-TS the gateway reads itself: packet headers, the PAT and
// PMT (which PID carries the video), PES timestamps and the random access flag.
// The keyframe gate (keyframe-gate.ts) and the part splitter (parts.ts) share it.

export const PACKET = 188;
export const SYNC = 0x47;
/** PMT stream types of the video codecs the gateway recognises. */
export const H264 = 0x1b;
export const HEVC = 0x24;
/** The PIDs of the tables that precede a keyframe (PAT, SDT); the PMT's is read from the PAT. */
export const PAT_PID = 0;
export const SDT_PID = 0x11;
/** The PES timestamps' clock. */
export const TS_CLOCK_HZ = 90_000;

export function payloadOf(packet: Buffer): Buffer | null {
  const control = (packet[3]! >> 4) & 0x3;
  if (!(control & 0x1)) return null;
  const start = control & 0x2 ? 5 + packet[4]! : 4;
  return start < PACKET ? packet.subarray(start) : null;
}

export const pidOf = (packet: Buffer) => ((packet[1]! & 0x1f) << 8) | packet[2]!;
export const startsUnit = (packet: Buffer) => (packet[1]! & 0x40) !== 0;

/** Whether the adaptation field flags a random access point (ffmpeg's muxer sets it on each keyframe). */
export const isRandomAccess = (packet: Buffer) =>
  ((packet[3]! >> 4) & 0x2) !== 0 && packet[4]! > 0 && (packet[5]! & 0x40) !== 0;

/** The section a packet starting a PSI unit carries (after its pointer field). */
export function sectionOf(packet: Buffer): Buffer | null {
  const payload = payloadOf(packet);
  if (!payload || !startsUnit(packet)) return null;
  return payload.subarray(1 + payload[0]!);
}

/** The PMT's PID a PAT packet names (its first program), or null. */
export function pmtPidOfPat(packet: Buffer): number | null {
  const section = sectionOf(packet);
  return section && section.length >= 12 ? ((section[10]! & 0x1f) << 8) | section[11]! : null;
}

/** The first H.264 or HEVC stream a PMT section lists, or null. */
export function videoOfPmt(section: Buffer): { pid: number; type: number } | null {
  if (section.length < 12) return null;
  const end = Math.min(section.length - 4, 3 + (((section[1]! & 0x0f) << 8) | section[2]!) - 4);
  for (let at = 12 + (((section[10]! & 0x0f) << 8) | section[11]!); at + 5 <= end;) {
    const type = section[at]!;
    if (type === H264 || type === HEVC) return { pid: ((section[at + 1]! & 0x1f) << 8) | section[at + 2]!, type };
    at += 5 + (((section[at + 3]! & 0x0f) << 8) | section[at + 4]!);
  }
  return null;
}

const timestampAt = (pes: Buffer, at: number) =>
  ((pes[at]! >> 1) & 0x07) * 2 ** 30 +
  (((pes[at + 1]! << 7) | (pes[at + 2]! >> 1)) << 15) +
  ((pes[at + 3]! << 7) | (pes[at + 4]! >> 1));

/** A PES header's decode time (its DTS, else its PTS) in 90 kHz ticks, or null when it carries none. */
export function decodeTimeOf(pes: Buffer): number | null {
  if (pes.length < 14 || pes[0] !== 0 || pes[1] !== 0 || pes[2] !== 1) return null;
  const flags = pes[7]! >> 6;
  if (flags === 3 && pes.length >= 19) return timestampAt(pes, 14);
  return flags & 0x2 ? timestampAt(pes, 9) : null;
}
