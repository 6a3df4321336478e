// Issue 30's "done when", through the API and the worker with real ffmpeg: a club that only
// enters the score during a live match (two goals) gets, after the final whistle, a clip of each
// goal titled from the facts, a summary of them, and the moments its generated match sound
// suggests, without anyone placing a marker.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { MEDIA_FILES, SUMMARY_TITLE_CARD_MS } from "@clubcast/shared";
import { eventually } from "@clubcast/testkit";
import { createApiClient, createMatch, createTeam } from "@clubcast/testkit/factories";
import { plannedSound, scoreSuggestions, writeMatchSound } from "@clubcast/testkit/match-sound";
import { startJobStack, type JobStack } from "./support.ts";

let stack: JobStack;
beforeAll(async () => {
  // A summary built two seconds after its clips settle, not the half minute of a deployment.
  stack = await startJobStack({ config: { summaryQuietMs: 2000 } });
  stack.startWorkers();
});
afterAll(async () => {
  await stack?.close();
});

const DURATION_S = 100;
const ENTRY_DELAY_S = 8;
/** Where in the recording the two goals happen (s): each entered ENTRY_DELAY_S after it. */
const GOALS_AT_S = [40, 75];

type Clip = { id: number; marker: { label: string; time_ms: number }; state: string; failure_reason: string | null };

it("gets a titled clip of each goal entered live, a summary of them, and suggestions, after the final whistle", async () => {
  const { prisma } = stack.t.deps;
  const put = await stack.http.put(
    `/v1/clubs/${stack.club.id}/moment-settings`,
    { goal_entry_delay_s: ENTRY_DELAY_S, half_length_min: 45, half_time_break_min: 15 },
    stack.admin.token,
  );
  expect(put.statusCode).toBe(200);
  const home = await createTeam(prisma, stack.club.id, { fullname: "FC Zuiderpark" });
  const match = await createMatch(prisma, {
    clubId: stack.club.id,
    homeTeamId: home.id,
    configurationId: stack.configuration.id,
    status: "live",
  });

  // The recording as the gateway writes it: one session of 2-s segments, with its sound.
  const dir = join(stack.t.config.mediaDir, "matches", String(match.id));
  const rendition = join(dir, "source");
  mkdirSync(rendition, { recursive: true });
  const sound = plannedSound(DURATION_S, 0.1, { seed: 3, whistleEveryS: 20, surgeEveryS: 200 });
  await writeMatchSound(sound, join(dir, "sound.wav"));
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25"],
    ...["-i", join(dir, "sound.wav"), "-t", String(DURATION_S), "-c:v", "libx264", "-preset", "ultrafast"],
    ...["-pix_fmt", "yuv420p", "-g", "50", "-sc_threshold", "0", "-c:a", "aac"],
    ...["-f", "hls", "-hls_time", "2", "-hls_playlist_type", "vod"],
    ...["-hls_segment_filename", join(rendition, "s1-%d.ts"), join(rendition, MEDIA_FILES.vodPlaylist)],
  ]);
  const segments = readFileSync(join(rendition, MEDIA_FILES.vodPlaylist), "utf8")
    .split("\n")
    .filter((line) => line.startsWith("#EXTINF") || line.endsWith(".ts"));

  // Each goal entered now, ENTRY_DELAY_S after it happened: the session's dates say where it is.
  for (const [i, atS] of GOALS_AT_S.entries()) {
    const start = Date.now() - ENTRY_DELAY_S * 1000 - atS * 1000;
    const dated = segments.flatMap((line, at) =>
      at % 2 ? [line] : [`#EXT-X-PROGRAM-DATE-TIME:${new Date(start + (at / 2) * 2000).toISOString()}`, line],
    );
    writeFileSync(
      join(rendition, "s1.m3u8"),
      ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:2", ...dated, ""].join("\n"),
    );
    const scored = await stack.http.post(
      `/v1/clubs/${stack.club.id}/matches/${match.id}/score`,
      { home: i + 1, away: 0 },
      stack.admin.token,
    );
    expect(scored.statusCode).toBe(200);
  }

  // The final whistle: the camera reports the recording finished, its video ours.
  writeFileSync(
    join(dir, MEDIA_FILES.vodPlaylist),
    `#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=500000,RESOLUTION=320x180\nsource/${MEDIA_FILES.vodPlaylist}\n`,
  );
  const { client, secret } = await createApiClient(prisma, stack.configuration.id);
  const cameraToken = (
    await stack.http.post("/v1/camera/token", { client_id: client.clientId, client_secret: secret })
  ).json().access_token as string;
  const finished = await stack.http.post(
    "/v1/camera/recording-finished",
    {
      match_id: match.id,
      started_at: new Date(Date.now() - DURATION_S * 1000).toISOString(),
      ended_at: new Date().toISOString(),
      vod_hls_url: `${stack.t.config.publicUrl}/media/matches/${match.id}/${MEDIA_FILES.vodPlaylist}`,
    },
    cameraToken,
  );
  expect(finished.statusCode).toBe(200);

  const clips = await eventually(
    async () => {
      const answer = (await stack.http.get(`/v1/matches/${match.id}/clips`, stack.admin.token)).json().data as Clip[];
      return answer.length === 2 && answer.every((clip) => ["ready", "failed"].includes(clip.state)) && answer;
    },
    "the goal clips cut",
    90_000,
  );
  const byTime = [...clips].sort((a, b) => a.marker.time_ms - b.marker.time_ms);
  expect(byTime.map((clip) => [clip.state, clip.marker.label])).toEqual([
    ["ready", "Goal 1–0 · FC Zuiderpark · 1′"],
    ["ready", "Goal 2–0 · FC Zuiderpark · 2′"],
  ]);
  for (const [i, clip] of byTime.entries())
    expect(Math.abs(clip.marker.time_ms - GOALS_AT_S[i]! * 1000)).toBeLessThanOrEqual(1000);

  const summary = await eventually(
    async () => {
      const answer = (await stack.http.get(`/v1/matches/${match.id}/summary`, stack.admin.token)).json().data as {
        state: string;
        length_ms: number | null;
        clips_waiting: number;
      };
      return ["ready", "failed"].includes(answer.state) && answer;
    },
    "the summary built",
    90_000,
  );
  // Of both goals' clips, after its title card.
  expect(summary).toMatchObject({ state: "ready", clips_waiting: 0 });
  expect(summary.length_ms).toBe(SUMMARY_TITLE_CARD_MS + 2 * 20_000);

  const suggestions = await eventually(
    async () => {
      const answer = (await stack.http.get(`/v1/matches/${match.id}/suggestions`, stack.admin.token)).json().data as {
        time_ms: number;
      }[];
      return answer.length > 0 && answer;
    },
    "the suggestions",
    60_000,
  );
  const score = scoreSuggestions(
    sound,
    suggestions.map((s) => ({ timeMs: s.time_ms })),
  );
  expect(score.whistlesFound / score.whistles).toBeGreaterThanOrEqual(0.9);
}, 240_000);
