// A summary's title card draws the sides' names as they are: team and club names are chosen by
// clubs (the away club names its own team), and nothing in them may be read by ffmpeg as filter
// syntax or as one of drawtext's text functions (%{eif:1/0:d} once blanked the card).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasFfmpeg } from "@clubcast/testkit/camera-sim";
import { TITLE_CARD_S, joinClips, summaryTitle } from "../src/video.ts";

const WIDTH = 320;
const HEIGHT = 180;
let scratch: string;
let clip: string;

beforeAll(() => {
  expect(hasFfmpeg(), "ffmpeg on PATH").toBe(true);
  scratch = mkdtempSync(join(tmpdir(), "clubcast-title-card-"));
  clip = join(scratch, "clip.mp4");
  execFileSync("ffmpeg", [
    ...[
      "-hide_banner",
      "-loglevel",
      "error",
      "-f",
      "lavfi",
      "-i",
      `testsrc2=size=${WIDTH}x${HEIGHT}:rate=25:duration=1`,
    ],
    ...["-c:v", "libx264", "-pix_fmt", "yuv420p", clip],
  ]);
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** How many pixels of the card (the middle of its seconds) are bright: the white text on its dark green. */
async function brightPixelsOfCard(title: string, output: string): Promise<number> {
  await joinClips({ clips: [{ file: clip, durationS: 1 }], fps: 25, title, output, onProgress: () => {} });
  const frame = execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-ss", (TITLE_CARD_S / 2).toFixed(3), "-i", output],
    ...["-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "gray", "pipe:1"],
  ]);
  expect(frame.length).toBe(WIDTH * HEIGHT);
  return frame.filter((luma) => luma > 128).length;
}

/** What ffmpeg's filtergraph, its option syntax and drawtext's expansion would read as instructions. */
const HOSTILE = [
  "%{eif:1/0:d}",
  "%{pts}",
  "%%",
  "'",
  "\\",
  ":",
  ";",
  ",",
  "[v0]",
  "]",
  "\n",
  "\\n",
  "=",
  "🏆",
  "Ünïcødé",
];

/** A name a club may give its team: stored text (no NUL, no lone surrogate), with hostile pieces among it. */
const teamName = fc
  .array(fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ unit: "grapheme", maxLength: 6 })), {
    minLength: 1,
    maxLength: 6,
  })
  .map((pieces) => pieces.join("").trim())
  .filter((name) => name.length > 0 && name.length <= 40 && !name.includes("\u0000"));

describe("the summary's title card", () => {
  it("draws the issue's team name, as a card with a plain name is drawn", async () => {
    const plain = await brightPixelsOfCard(
      summaryTitle({ home: "B O Neil", away: "FC Zuiderpark", homeScore: 2, awayScore: 1 }),
      join(scratch, "plain.mp4"),
    );
    const hostile = await brightPixelsOfCard(
      summaryTitle({ home: "B %{eif:1/0:d} O'Neil: \\ ;", away: "FC Zuiderpark", homeScore: 2, awayScore: 1 }),
      join(scratch, "hostile.mp4"),
    );
    expect(plain).toBeGreaterThan(0);
    expect(hostile).toBeGreaterThan(0);
  });

  it("draws any names the sides have, whatever their characters, from a scratch folder of any name", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        teamName,
        teamName,
        fc.nat(99),
        fc.nat(99),
        fc.constantFrom("plain", "it's: [a,b]; c\\d"),
        async (home, away, homeScore, awayScore, folder) => {
          // The card's text file lives in a scratch folder under TMPDIR, whose name reaches the filter too.
          const parent = join(scratch, `${(run += 1)}-${folder}`);
          mkdirSync(parent);
          const before = process.env.TMPDIR;
          process.env.TMPDIR = parent;
          try {
            const title = summaryTitle({ home, away, homeScore, awayScore });
            expect(await brightPixelsOfCard(title, join(scratch, `${run}.mp4`))).toBeGreaterThan(0);
          } finally {
            // Assigning undefined would set the text "undefined", the TMPDIR of every later file in this worker.
            if (before === undefined) delete process.env.TMPDIR;
            else process.env.TMPDIR = before;
          }
        },
      ),
      { numRuns: 8 },
    );
  });
});
