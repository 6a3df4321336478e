// Suggestions from generated match sound (issue 30's test): ffmpeg makes crowd noise with
// referee's whistles and crowd surges at known times; listening (ffmpeg filters) and scoring
// find ≥ 90 % of the whistles within ±2 s, and at most one false suggestion per 10 minutes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { plannedSound, scoreSuggestions, writeMatchSound } from "@clubcast/testkit/match-sound";
import { listen, ListenError } from "../src/moments/listen.ts";
import { proposeMoments } from "../src/moments/score.ts";

const dir = mkdtempSync(join(tmpdir(), "clubcast-moments-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The suggestions of a generated sound, scored against what it holds. */
async function suggestionsOf(sound: ReturnType<typeof plannedSound>, name: string) {
  const file = join(dir, name);
  await writeMatchSound(sound, file);
  return scoreSuggestions(sound, proposeMoments(await listen(file)));
}

describe("suggestions from generated match sound", () => {
  it("finds the midfield whistles of three minutes of a busy crowd within ±2 s, and nothing else", async () => {
    // The bench's "mid" level: the whistle's amplitude a sixth of the crowd's.
    const sound = plannedSound(180, 0.3, { seed: 11, whistleEveryS: 15, surgeEveryS: 60, whistleAmplitude: 0.05 });
    expect(sound.whistles.length).toBeGreaterThanOrEqual(8);
    const score = await suggestionsOf(sound, "loud.wav");
    expect(score.whistlesFound / score.whistles).toBeGreaterThanOrEqual(0.9);
    expect(score.surgesFound).toBe(score.surges);
    // At most one false suggestion per ten minutes: none in three.
    expect(score.falseSuggestions).toBe(0);
  }, 120_000);

  it("suggests at most one false moment in ten minutes of a wandering crowd with surges", async () => {
    const sound = plannedSound(600, 0.3, { seed: 5, whistleEveryS: 600, surgeEveryS: 150 });
    const score = await suggestionsOf({ ...sound, whistles: [] }, "crowd.wav");
    expect(score.falseSuggestions).toBeLessThanOrEqual(1);
    expect(score.surgesFound).toBe(score.surges);
  }, 180_000);

  it("answers a ListenError for what is no sound", async () => {
    await expect(listen(join(dir, "missing.m4a"))).rejects.toBeInstanceOf(ListenError);
  });
});
