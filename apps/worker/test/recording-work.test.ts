// The work after a recording (recording.download, recording.index, recording.moments) with real ffmpeg: a recording laid
// out as the media gateway keeps it (a master playlist, a rendition of two sessions joined by a
// discontinuity, their timestamps restarting at the reconnect, the second added after the job was
// queued) gets a playable MP4 as long as both sessions and its keyframe index; a download that cannot be made is retried with backoff, then
// fails for good, listed on the failed-jobs page and shown on the match.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { MEDIA_FILES } from "@clubcast/shared";
import { JOB_ATTEMPTS, recordingDownloadJobId, recordingMomentsJobId, type RecordingJob } from "@clubcast/shared/jobs";
import { eventually } from "@clubcast/testkit";
import { signIn } from "@clubcast/testkit/realtime";
import { FPS, useVideoStack } from "./clip-support.ts";
import { measure } from "./video-probe.ts";

const { stack, download } = useVideoStack("recording-work");

const SESSION_S = 6;

/** A session's sound: a lavfi graph, or null for a camera without a microphone. */
type SessionSound = (session: number) => string | null;

/**
 * One session of a camera as the gateway writes it: 1-second segments s{n}-{i}.ts, timestamps from 0;
 * its sound a tone, or `sound(session)`.
 */
function writeSession(renditionDir: string, session: number, sound: SessionSound = () => "sine") {
  const graph = sound(session);
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", `testsrc2=size=320x180:rate=${FPS}`],
    ...(graph === null ? [] : ["-f", "lavfi", "-i", graph]),
    ...["-t", String(SESSION_S), "-c:v", "libx264", "-preset", "veryfast"],
    ...["-pix_fmt", "yuv420p", "-g", String(FPS), "-sc_threshold", "0"],
    ...(graph === null ? ["-an"] : ["-c:a", "aac"]),
    ...["-f", "hls", "-hls_time", "1", "-hls_playlist_type", "vod"],
    ...["-hls_segment_filename", join(renditionDir, `s${session}-%d.ts`), join(renditionDir, `s${session}.m3u8`)],
  ]);
}

/**
 * A recording of two sessions of the match in the media store, with its master playlist; answers its
 * folder and `publish(sessions)`, which writes the rendition's playlist naming those sessions (as the
 * gateway does, by renaming a new file into place), both at first.
 */
function writeRecording(matchId: number, sound?: SessionSound) {
  const dir = join(stack.t.config.mediaDir, "matches", String(matchId));
  const rendition = join(dir, "source");
  mkdirSync(rendition, { recursive: true });
  const parts = [1, 2].map((session) => {
    writeSession(rendition, session, sound);
    const text = readFileSync(join(rendition, `s${session}.m3u8`), "utf8");
    return text.split("\n").filter((line) => line.startsWith("#EXTINF") || line.endsWith(".ts"));
  });
  const publish = (sessions: 1 | 2) => {
    const media = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:2", "#EXT-X-PLAYLIST-TYPE:VOD"];
    const listed = sessions === 1 ? parts[0]! : [...parts[0]!, "#EXT-X-DISCONTINUITY", ...parts[1]!];
    const playlist = join(rendition, MEDIA_FILES.vodPlaylist);
    writeFileSync(`${playlist}.tmp`, [...media, ...listed, "#EXT-X-ENDLIST", ""].join("\n"));
    renameSync(`${playlist}.tmp`, playlist);
  };
  publish(2);
  writeFileSync(
    join(dir, MEDIA_FILES.vodPlaylist),
    `#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=500000,RESOLUTION=320x180\nsource/${MEDIA_FILES.vodPlaylist}\n`,
  );
  return { dir, publish };
}

/** An on-demand match whose download is being prepared, as the recording-finished report leaves it. */
async function preparingMatch(): Promise<RecordingJob> {
  const match = await stack.createMatch({ status: "vod" });
  await stack.t.deps.prisma.match.update({
    where: { id: match.id },
    data: {
      vodHlsUrl: `${stack.t.config.publicUrl}/media/matches/${match.id}/${MEDIA_FILES.vodPlaylist}`,
      downloadStatus: "preparing",
      recordingVersion: 1,
    },
  });
  return { matchId: match.id, version: 1 };
}

type MatchAnswer = { download_status: string | null; download_url: string | null };
const matchAnswer = async (matchId: number) =>
  (await stack.http.get(`/v1/matches/${matchId}`, stack.admin.token)).json().data as MatchAnswer;

/** The length (s) of a file, and its frames decoded (a broken file fails here). */
it("makes a playable MP4 of both sessions of a recording, its tail included, and its keyframe index", async () => {
  const job = await preparingMatch();
  const { dir, publish } = writeRecording(job.matchId);
  expect(await matchAnswer(job.matchId)).toMatchObject({ download_status: "preparing", download_url: null });

  // The match went on demand before the stream's tail was in: the gateway adds it a moment later.
  publish(1);
  await stack.t.deps.outbox.post((post) => post.recordingWork(job));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  publish(2);
  const ready = await eventually(
    async () => {
      const answer = await matchAnswer(job.matchId);
      return answer.download_status === "ready" && answer;
    },
    "the download made",
    60_000,
  );
  const file = await download(ready.download_url!, "download.mp4");
  const { seconds, frames } = measure(file);
  expect(seconds).toBeGreaterThan(2 * SESSION_S - 0.5);
  expect(seconds).toBeLessThan(2 * SESSION_S + 0.5);
  expect(frames).toBe(2 * SESSION_S * FPS);
  await eventually(async () => existsSync(join(dir, MEDIA_FILES.vodIndex)), "the keyframe index made");
  // A steady tone is no moment: listened to, nothing suggested.
  await eventually(
    async () => (await stack.t.deps.jobs.recordings.getJob(recordingMomentsJobId(job)))?.returnvalue?.done === true,
    "the recording listened to",
  );
  expect(await stack.t.deps.prisma.momentSuggestion.count({ where: { matchId: job.matchId } })).toBe(0);
});

it("suggests the referee's whistle heard in a recording's second session, at its time in the recording", async () => {
  const job = await preparingMatch();
  // Crowd noise, and in the second session (from 6 s) a whistle 2 s in: 8 s into the recording.
  const sound = (session: number) =>
    `anoisesrc=a=0.1:d=${SESSION_S}[n];sine=f=3600:d=${SESSION_S},` +
    `volume='${session === 2 ? 2.8 : 0}*between(t,2,2.8)':eval=frame[w];[n][w]amix=inputs=2:normalize=0[out0]`;
  writeRecording(job.matchId, sound);
  await stack.t.deps.outbox.post((post) => post.recordingWork(job));
  const suggested = await eventually(
    async () => {
      const rows = await stack.t.deps.prisma.momentSuggestion.findMany({ where: { matchId: job.matchId } });
      return rows.length > 0 && rows;
    },
    "the whistle suggested",
    60_000,
  );
  expect(suggested).toHaveLength(1);
  expect(suggested[0]).toMatchObject({ kind: "whistle", recordingVersion: 1, state: "pending" });
  expect(Math.abs(suggested[0]!.timeMs - 2 * 1000 - SESSION_S * 1000)).toBeLessThanOrEqual(500);
});

it("makes the download of a recording without sound, and listens to nothing: no suggestion, no failed job", async () => {
  const job = await preparingMatch();
  writeRecording(job.matchId, () => null);
  await stack.t.deps.outbox.post((post) => post.recordingWork(job));
  await eventually(
    async () => (await matchAnswer(job.matchId)).download_status === "ready",
    "the download made",
    60_000,
  );
  const listened = await eventually(
    async () => (await stack.t.deps.jobs.recordings.getJob(recordingMomentsJobId(job)))?.returnvalue,
    "the recording listened to",
  );
  expect(listened).toEqual({ done: false, reason: "the recording has no sound" });
  expect(await stack.t.deps.prisma.momentSuggestion.count({ where: { matchId: job.matchId } })).toBe(0);
});

it("retries a download that cannot be made, then lists it as failed and says so on the match", async () => {
  const job = await preparingMatch();
  const { dir } = writeRecording(job.matchId);
  // A segment lost from the disk: no attempt can copy the recording.
  rmSync(join(dir, "source", "s2-1.ts"));

  await stack.t.deps.outbox.post((post) => post.recordingWork(job));
  const failed = await eventually(
    async () => (await matchAnswer(job.matchId)).download_status === "failed",
    "the download failed for good",
    60_000,
  );
  expect(failed).toBe(true);
  // The match hears of the last failure from inside the last attempt, a moment before BullMQ counts it.
  const stored = await eventually(async () => {
    const download = await stack.t.deps.jobs.recordings.getJob(recordingDownloadJobId(job));
    return download && (await download.isFailed()) && download;
  }, "the download's job failed for good");
  expect(stored.attemptsMade).toBe(JOB_ATTEMPTS);
  expect(existsSync(join(dir, MEDIA_FILES.download))).toBe(false);

  const system = await signIn(stack.t, { scope: "system" });
  const listed = (await stack.http.get("/v1/monitoring/failed-jobs?limit=100", system.token)).json().data as {
    queue: string;
    id: string;
    name: string;
    attempts_made: number;
    failed_reason: string;
  }[];
  expect(listed).toContainEqual(
    expect.objectContaining({
      queue: "recordings",
      id: recordingDownloadJobId(job),
      name: "recording.download",
      attempts_made: JOB_ATTEMPTS,
      failed_reason: "a segment of the recording is missing",
    }),
  );
  // Five attempts with exponential backoff from 1 s wait 15 s between them.
}, 90_000);
