// summary.build with real ffmpeg: three ready clips of a match whose on-demand
// video ffmpeg makes here join, after the title card, into one playable MP4 as
// long as the clips together plus the card; its states arrive over Socket.IO.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { CHANNELS, EVENTS, type EventPayloads } from "@clubcast/shared";
import { eventually } from "@clubcast/testkit";
import { collectEvents, connectSocket, subscribe } from "@clubcast/testkit/realtime";
import { TITLE_CARD_S } from "../src/video.ts";
import { FPS, addMarker, matchWithVod, settledClip, useVideoStack } from "./clip-support.ts";
import { measure } from "./video-probe.ts";

const { stack, download } = useVideoStack("summaries");

/** A file's length (s) and its video's frames, decoded (a broken file fails here), and whether it has sound. */
type SummaryAnswer = {
  state: string;
  failure_reason: string | null;
  video_url: string | null;
  poster_url: string | null;
};

it("joins three ready clips after the title card: as long as they are together plus the card", async () => {
  const match = await matchWithVod(stack);
  const socket = await connectSocket(stack.url, stack.admin.token);
  await subscribe(socket, CHANNELS.match(match.id));
  const events = collectEvents<EventPayloads["summary.updated"]>(socket, EVENTS.summaryUpdated);

  // A copied clip (6 s to 26 s), a re-encoded one (5.2 s to 25.2 s) and one slid back from the end (10 s to 30 s).
  const markers = [21_000, 20_200, 29_000];
  const clips = [];
  for (const timeMs of markers)
    clips.push(await settledClip(stack, match.id, await addMarker(stack, match.id, timeMs)));
  const clipFiles = await Promise.all(
    clips.map((clip, i) => {
      expect(clip.state, clip.failure_reason ?? "").toBe("ready");
      return download(clip.video_url!, `clip-${i}.mp4`);
    }),
  );

  // Asked by hand, so the test needn't wait out the quiet period after the clips turned ready.
  const asked = await stack.http.post(`/v1/matches/${match.id}/summary`, {}, stack.admin.token);
  expect(asked.statusCode).toBe(202);
  const summary = await eventually(
    async () => {
      const answer = (await stack.http.get(`/v1/matches/${match.id}/summary`, stack.admin.token)).json()
        .data as SummaryAnswer;
      return ["ready", "failed"].includes(answer.state) && answer;
    },
    "the summary",
    60_000,
  );
  expect(summary.state, summary.failure_reason ?? "").toBe("ready");

  const joined = measure(await download(summary.video_url!, "summary.mp4"));
  const parts = clipFiles.map(measure);
  const wantedFrames = parts.reduce((sum, part) => sum + part.frames, TITLE_CARD_S * FPS);
  expect(Math.abs(joined.frames - wantedFrames)).toBeLessThanOrEqual(2);
  const wantedSeconds = parts.reduce((sum, part) => sum + part.seconds, TITLE_CARD_S);
  expect(Math.abs(joined.seconds - wantedSeconds)).toBeLessThanOrEqual(2 / FPS);
  // The clips have no sound; the summary has a silent track all through, as players expect.
  expect(joined.audio).toBe("aac");
  expect(new URL(summary.poster_url!).pathname).toMatch(/\.jpg$/);

  const states = events.map((e) => e.state);
  expect(states).toContain("cutting");
  expect(states.at(-1)).toBe("ready");
  // Written under a temporary name and renamed: nothing partial stays behind.
  const dir = join(stack.t.config.mediaDir, "matches", String(match.id), "summaries");
  expect(readdirSync(dir).sort()).toEqual([expect.stringMatching(/\.jpg$/), expect.stringMatching(/\.mp4$/)]);
}, 120_000);

it("goes with its match: deleting the match deletes its clips and summary, files and all", async () => {
  const match = await matchWithVod(stack);
  const clip = await settledClip(stack, match.id, await addMarker(stack, match.id, 21_000));
  expect(clip.state, clip.failure_reason ?? "").toBe("ready");
  expect((await stack.http.post(`/v1/matches/${match.id}/summary`, {}, stack.admin.token)).statusCode).toBe(202);
  await eventually(
    async () =>
      (await stack.http.get(`/v1/matches/${match.id}/summary`, stack.admin.token)).json().data?.state === "ready",
    "the summary",
    60_000,
  );
  const folder = join(stack.t.config.mediaDir, "matches", String(match.id));
  expect(readdirSync(join(folder, "clips"))).toHaveLength(2);
  expect(readdirSync(join(folder, "summaries"))).toHaveLength(2);

  expect((await stack.http.del(`/v1/matches/${match.id}`, stack.admin.token)).statusCode).toBe(200);
  expect(existsSync(folder)).toBe(false);
  const { prisma } = stack.t.deps;
  expect(await prisma.clip.count({ where: { matchId: match.id } })).toBe(0);
  expect(await prisma.summary.count({ where: { matchId: match.id } })).toBe(0);
}, 120_000);
