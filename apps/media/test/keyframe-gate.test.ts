// The SRT relay's keyframe gate on real MPEG-TS from ffmpeg (H.264 with a keyframe
// every second, AAC), joined at any packet and cut into chunks of any size, as a
// pipe delivers them: what comes out is the stream itself from a PAT on, and
// its first video picture decodes (ffprobe finds a keyframe first). What came
// before that PAT (the SDT ffmpeg writes first, pictures that can't be decoded)
// is left out.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keyframeGate } from "../src/keyframe-gate.ts";

const PACKET = 188;
let dir: string;
let stream: Buffer;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "clubcast-keyframe-gate-"));
  const file = join(dir, "camera.ts");
  // prettier-ignore
  const encoded = spawnSync("ffmpeg", [
    "-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25",
    "-f", "lavfi", "-i", "sine", "-t", "4", "-c:v", "libx264", "-preset", "ultrafast", "-g", "25",
    "-c:a", "aac", "-f", "mpegts", file,
  ]);
  expect(encoded.status, encoded.stderr?.toString()).toBe(0);
  stream = readFileSync(file);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `input` through a gate in chunks of the given sizes (repeated), answering what came out. */
async function throughGate(input: Buffer, sizes: number[], giveUpMs = 60_000): Promise<Buffer> {
  const gate = keyframeGate(giveUpMs);
  const out: Buffer[] = [];
  gate.on("data", (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => gate.on("end", resolve));
  for (let at = 0, index = 0; at < input.length; index++) {
    const size = sizes[index % sizes.length]!;
    gate.write(input.subarray(at, at + size));
    at += size;
  }
  gate.end();
  await ended;
  return Buffer.concat(out);
}

/** The stream from its first PAT on. */
function fromFirstPat(ts: Buffer): Buffer {
  for (let at = 0; at < ts.length; at += PACKET) {
    if (ts[at + 1]! & 0x40 && (((ts[at + 1]! & 0x1f) << 8) | ts[at + 2]!) === 0) return ts.subarray(at);
  }
  return Buffer.alloc(0);
}

/** The picture type ffprobe reads first in an MPEG-TS (I for a keyframe). */
function firstPictureType(ts: Buffer): string {
  const file = join(dir, `gated-${Math.random()}.ts`);
  writeFileSync(file, ts);
  // prettier-ignore
  const probe = spawnSync("ffprobe", [
    "-v", "error", "-select_streams", "v:0", "-read_intervals", "%+#1",
    "-show_entries", "frame=pict_type", "-of", "csv=p=0", file,
  ], { encoding: "utf8" });
  rmSync(file, { force: true });
  return probe.stdout.trim().split("\n")[0]?.split(",")[0] ?? "";
}

describe("the keyframe gate", () => {
  it("passes a stream that starts with a keyframe from its first PAT", async () => {
    expect((await throughGate(stream, [1316])).equals(fromFirstPat(stream))).toBe(true);
  });

  it("starts a stream joined anywhere at a PAT before its next keyframe, unchanged from there", async () => {
    const packets = stream.length / PACKET;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: Math.floor(packets * 0.6) }),
        fc.array(fc.integer({ min: 1, max: 4000 }), { minLength: 1, maxLength: 5 }),
        async (joinedAt, sizes) => {
          const joined = stream.subarray(joinedAt * PACKET);
          const out = await throughGate(joined, sizes);
          expect(out.length).toBeGreaterThan(0);
          expect(out.length % PACKET).toBe(0);
          // A suffix of what came in, starting with a PAT (PID 0, a unit start).
          expect(joined.subarray(joined.length - out.length).equals(out)).toBe(true);
          expect([out[0], out[1]! & 0x5f, out[2]]).toEqual([0x47, 0x40, 0]);
          expect(firstPictureType(out)).toBe("I");
        },
      ),
      { numRuns: 12 },
    );
  });

  it("lets a stream without video through once it gave up waiting", async () => {
    const file = join(dir, "sound.ts");
    // prettier-ignore
    spawnSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "sine", "-t", "1", "-c:a", "aac", "-f", "mpegts", file]);
    const sound = readFileSync(file);
    const gate = keyframeGate(50);
    const out: Buffer[] = [];
    gate.on("data", (chunk: Buffer) => out.push(chunk));
    gate.write(sound.subarray(0, PACKET * 10));
    await new Promise((resolve) => setTimeout(resolve, 100));
    gate.write(sound.subarray(PACKET * 10));
    gate.end();
    await new Promise((resolve) => gate.on("end", resolve));
    expect(Buffer.concat(out).equals(fromFirstPat(sound))).toBe(true);
  });
});
