// Suggestions during the match (issue 30): a live match's recording, laid out as the media gateway
// writes it (a session playlist growing by closed 2-s segments) with generated match sound, is
// listened to a minute at a time (moments.live); the moments appear while it is live, told on the
// club's channel to its clips staff, and the pass after the recording (recording.moments) stores
// only what the chunks had not heard: each moment once.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Job } from "bullmq";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANNELS, EVENTS, MEDIA_FILES, SAME_SUGGESTION_MS, type DatedSegment } from "@clubcast/shared";
import {
  LIVE_LISTENING_EVERY_MS,
  liveMomentsJobId,
  type LiveMomentsJob,
  type RecordingJob,
} from "@clubcast/shared/jobs";
import { plannedSound, scoreSuggestions, writeMatchSound } from "@clubcast/testkit/match-sound";
import { collectEvents, connectSocket, signIn, subscribe } from "@clubcast/testkit/realtime";
import { eventually } from "@clubcast/testkit";
import { createClub, createMatch } from "@clubcast/testkit/factories";
import { LIVE_OVERLAP_MS, liveChunk } from "../src/moments/live.ts";
import { SCORING_CONTEXT } from "../src/moments/score.ts";
import { liveMomentsProcessor, recordingMomentsProcessor } from "../src/processors.ts";
import { startJobStack, type JobStack } from "./support.ts";

describe("a live recording's chunks", () => {
  const segmentsOf = (durations: number[]): DatedSegment[] =>
    durations.map((duration, i) => ({ duration, uri: `source/s1-${i}.ts` }));
  const endOf = (segments: DatedSegment[]) => segments.reduce((sum, s) => sum + s.duration * 1000, 0);

  it("keep, turn after turn, every moment up to the sound after it, each chunk listened to with the sound before it", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 500, max: 4000 }), { minLength: 1, maxLength: 200 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 10 }),
        (millis, growth) => {
          const all = segmentsOf(millis.map((ms) => ms / 1000));
          let kept = 0;
          let count = 0;
          for (const more of growth) {
            count = Math.min(all.length, count + more);
            const segments = all.slice(0, count);
            const end = endOf(segments);
            const chunk = liveChunk(segments);
            if (end <= SCORING_CONTEXT.afterMs) {
              expect(chunk).toBeNull();
              continue;
            }
            expect(chunk!.keepToMs).toBeCloseTo(end - SCORING_CONTEXT.afterMs, 6);
            expect(chunk!.startMs).toBeLessThanOrEqual(Math.max(0, chunk!.keepFromMs - SCORING_CONTEXT.beforeMs));
            // The segments listened to end with the recording, and start where they are in it.
            expect(chunk!.segments.at(-1)).toBe(segments.at(-1));
            expect(chunk!.startMs).toBeCloseTo(end - endOf(chunk!.segments), 6);
            // A turn's sound and more is kept: nothing between turns this close goes unheard.
            if (chunk!.keepToMs - kept <= LIVE_LISTENING_EVERY_MS + LIVE_OVERLAP_MS)
              expect(chunk!.keepFromMs).toBeLessThanOrEqual(kept);
            kept = chunk!.keepToMs;
          }
        },
      ),
    );
  });
});

describe("suggestions during a live match", () => {
  let stack: JobStack;
  beforeAll(async () => {
    stack = await startJobStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  const DURATION_S = 170;
  /** The playlists' target duration: segments of 2.083 s round up to it. */
  const TARGET_S = 3;

  /**
   * A recording of `sound` as the gateway writes one session of it: tiny video, a keyframe every
   * 25 frames at 12 fps, so segments of 2.083 s: the chunks' windows start off the whole pass's grid.
   */
  async function writeSegments(dir: string, sound: ReturnType<typeof plannedSound>) {
    const rendition = join(dir, "source");
    mkdirSync(rendition, { recursive: true });
    const wav = join(dir, "sound.wav");
    await writeMatchSound(sound, wav);
    execFileSync("ffmpeg", [
      ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=12", "-i", wav],
      ...["-t", String(sound.durationS), "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-sc_threshold", "0"],
      ...["-c:a", "aac", "-f", "hls", "-hls_time", "2", "-hls_playlist_type", "vod"],
      ...["-hls_segment_filename", join(rendition, "s1-%d.ts"), join(rendition, "all.m3u8")],
    ]);
    const entries = readFileSync(join(rendition, "all.m3u8"), "utf8")
      .split("\n")
      .filter((line) => line.startsWith("#EXTINF") || line.endsWith(".ts"));
    const segments: { lines: string[]; endS: number }[] = [];
    for (let i = 0, endS = 0; i < entries.length; i += 2) {
      endS += Number(/^#EXTINF:([\d.]+)/.exec(entries[i]!)![1]);
      segments.push({ lines: [entries[i]!, entries[i + 1]!], endS });
    }
    const head = ["#EXTM3U", "#EXT-X-VERSION:3", `#EXT-X-TARGETDURATION:${TARGET_S}`];
    const write = (name: string, lines: string[]) => {
      writeFileSync(join(rendition, `${name}.tmp`), [...head, ...lines, ""].join("\n"));
      renameSync(join(rendition, `${name}.tmp`), join(rendition, name));
    };
    return {
      /** The session playlist with the segments closed by `seconds` into the match. */
      recordedUntil: (seconds: number) =>
        write(
          "s1.m3u8",
          segments.filter((segment) => segment.endS <= seconds + 0.01).flatMap((s) => s.lines),
        ),
      /** The video-on-demand the gateway writes once the recording ended. */
      onDemand() {
        write(MEDIA_FILES.vodPlaylist, [...segments.flatMap((s) => s.lines), "#EXT-X-ENDLIST"]);
        writeFileSync(
          join(dir, MEDIA_FILES.vodPlaylist),
          `#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=160x90\nsource/${MEDIA_FILES.vodPlaylist}\n`,
        );
      },
    };
  }

  const asJob = <T>(data: T) => ({ data, attemptsMade: 0, opts: { attempts: 1 } }) as unknown as Job<T>;

  it("appear a minute at a time while live, told to the club's staff, and the pass after the recording adds only what they missed", async () => {
    const { prisma } = stack.t.deps;
    const match = await stack.createMatch({ status: "live" });
    const dir = join(stack.t.config.mediaDir, "matches", String(match.id));
    const sound = plannedSound(DURATION_S, 0.1, { seed: 5, whistleEveryS: 20, surgeEveryS: 80 });
    const recording = await writeSegments(dir, sound);

    // The club's staff hear of new suggestions; another club's staff, on their own channel, do not.
    const socket = await connectSocket(stack.url, stack.admin.token);
    expect(await subscribe(socket, CHANNELS.club(stack.club.id))).toEqual({ channel: CHANNELS.club(stack.club.id) });
    const told = collectEvents<{ club: number; match: number }>(socket, EVENTS.suggestionsAdded);
    const other = await createClub(prisma);
    const stranger = await signIn(stack.t, { scope: "club", clubId: other.id });
    const strangerSocket = await connectSocket(stack.url, stranger.token);
    await subscribe(strangerSocket, CHANNELS.club(other.id));
    const toldStranger = collectEvents(strangerSocket, EVENTS.suggestionsAdded);

    // The sweep posts one job per live match and turn, for the recording the match is making; a
    // club with suggestions off gets none.
    const quiet = await createMatch(prisma, { clubId: other.id, status: "live" });
    await prisma.club.update({ where: { id: other.id }, data: { suggestMoments: false } });
    const now = new Date();
    const turn = Math.floor(now.getTime() / LIVE_LISTENING_EVERY_MS);
    expect(await stack.t.services.suggestions.listenToLiveMatches(now)).toContain(match.id);
    expect(await stack.t.services.suggestions.listenToLiveMatches(now)).not.toContain(quiet.id);
    const posted = await eventually(
      () => stack.t.deps.jobs.recordings.getJob(liveMomentsJobId({ matchId: match.id, version: 1, turn })),
      "the sweep's job queued",
    );
    expect(posted.data).toEqual({ matchId: match.id, version: 1, turn });
    // No worker runs here: the jobs are run by hand, turn after turn, as the recording grows.
    await posted.remove();
    const live = liveMomentsProcessor(stack.t.deps, stack.t.services);
    const listed = async () =>
      (await stack.http.get(`/v1/matches/${match.id}/suggestions`, stack.admin.token)).json().data as {
        id: number;
        time_ms: number;
        kind: string;
      }[];
    const seen: number[] = [];
    for (const [turn, seconds] of [60, 120, DURATION_S].entries()) {
      recording.recordedUntil(seconds);
      const job: LiveMomentsJob = { matchId: match.id, version: 1, turn };
      const result = await live(asJob(job));
      expect(result).toMatchObject({ done: true });
      const now = await listed();
      // What an earlier turn suggested stays; this turn's are up to the sound after them.
      expect(now.map((s) => s.id)).toEqual(expect.arrayContaining(seen));
      expect(now.every((s) => s.time_ms < seconds * 1000 - SCORING_CONTEXT.afterMs)).toBe(true);
      seen.splice(0, seen.length, ...now.map((s) => s.id));
    }
    const duringMatch = await listed();
    const heardLive = scoreSuggestions(
      { ...sound, whistles: sound.whistles.filter((w) => w.atS * 1000 < DURATION_S * 1000 - SCORING_CONTEXT.afterMs) },
      duringMatch.map((s) => ({ timeMs: s.time_ms })),
    );
    expect(heardLive.whistlesFound / heardLive.whistles).toBeGreaterThanOrEqual(0.9);
    expect(heardLive.falseSuggestions).toBe(0);
    await eventually(async () => told.length > 0, "the club's staff told");
    expect(told.every((event) => event.club === stack.club.id && event.match === match.id)).toBe(true);
    expect(toldStranger).toEqual([]);

    // The recording ends and goes on demand: the pass after it hears the whole of it.
    recording.onDemand();
    await prisma.match.update({ where: { id: match.id }, data: { status: "vod", recordingVersion: 1 } });
    const job: RecordingJob = { matchId: match.id, version: 1 };
    const final = recordingMomentsProcessor(stack.t.deps, stack.t.services);
    expect(await final(asJob(job))).toMatchObject({ done: true });
    const after = await listed();
    // Nothing the chunks suggested is suggested again: each moment once, by time.
    expect(after.map((s) => s.id)).toEqual(expect.arrayContaining(duringMatch.map((s) => s.id)));
    for (const [i, a] of after.entries())
      for (const b of after.slice(i + 1))
        if (a.kind === b.kind) expect(Math.abs(a.time_ms - b.time_ms)).toBeGreaterThan(SAME_SUGGESTION_MS);
    const whole = scoreSuggestions(
      sound,
      after.map((s) => ({ timeMs: s.time_ms })),
    );
    expect(whole.whistlesFound / whole.whistles).toBeGreaterThanOrEqual(0.9);
    expect(whole.falseSuggestions).toBe(0);
    // A retried pass stores nothing.
    const count = await prisma.momentSuggestion.count({ where: { matchId: match.id } });
    await final(asJob(job));
    expect(await prisma.momentSuggestion.count({ where: { matchId: match.id } })).toBe(count);
  }, 120_000);
});
