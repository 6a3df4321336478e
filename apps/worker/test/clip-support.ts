// What the clip and summary tests share: a stack with workers and a scratch
// folder for downloads, a match whose on-demand video ffmpeg makes in the
// media store (as the gateway keeps it), markers placed over the API, and
// waiting for a clip to be cut.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { MEDIA_FILES } from "@clubcast/shared";
import { clipCutJobId } from "@clubcast/shared/jobs";
import { eventually } from "@clubcast/testkit";
import { hasFfmpeg } from "@clubcast/testkit/camera-sim";
import { startJobStack, type JobStack } from "./support.ts";

export const FPS = 25;

/** The test file's stack with its workers running (ffmpeg needed), and its scratch folder for downloads. */
export function useVideoStack(name: string) {
  const stack = {} as JobStack;
  const scratch = mkdtempSync(join(tmpdir(), `clubcast-${name}-`));
  beforeAll(async () => {
    expect(hasFfmpeg(), "ffmpeg on PATH").toBe(true);
    Object.assign(stack, await startJobStack());
    stack.startWorkers();
  });
  afterAll(async () => {
    await stack.close?.();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** An MP4 the API links to, saved in the scratch folder as `file`. */
  async function download(url: string, file: string) {
    // The URL names the platform's public address; this server listens at stack.url.
    const response = await fetch(`${stack.url}${new URL(url).pathname}`);
    expect(response.status, url).toBe(200);
    expect(response.headers.get("content-type")).toBe("video/mp4");
    const saved = join(scratch, file);
    writeFileSync(saved, Buffer.from(await response.arrayBuffer()));
    return saved;
  }
  return { stack, scratch, download };
}

/** How writeVod makes a video. */
export interface VodOptions {
  size?: string;
  seconds?: number;
  keyframeS?: number;
  sound?: boolean;
}

/**
 * ffmpeg's test pattern as an HLS video-on-demand in `dir` (MEDIA_FILES.vodPlaylist and its segments),
 * a keyframe every `keyframeS` (2 s by default), with a tone as its sound if asked (a camera's recording
 * through the gateway has sound; HLS then starts the video a little after the sound). Without B-frames,
 * as the simulator's and a low-delay camera's are.
 */
export function writeVod(dir: string, options: VodOptions = {}) {
  const { size = "320x180", seconds = 30, keyframeS = 2, sound = false } = options;
  mkdirSync(dir, { recursive: true });
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", `testsrc2=size=${size}:rate=${FPS}`],
    ...(sound ? ["-f", "lavfi", "-i", "sine", "-c:a", "aac"] : []),
    ...["-t", String(seconds), "-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency"],
    ...["-pix_fmt", "yuv420p", "-g", String(keyframeS * FPS), "-sc_threshold", "0"],
    ...["-f", "hls", "-hls_time", "2", "-hls_playlist_type", "vod"],
    ...["-hls_segment_filename", join(dir, "seg%03d.ts"), join(dir, MEDIA_FILES.vodPlaylist)],
  ]);
}

/** An on-demand match with writeVod's video where the media gateway would keep it. */
export async function matchWithVod(stack: JobStack, options: VodOptions = {}) {
  const match = await stack.createMatch({ status: "vod" });
  writeVod(join(stack.t.config.mediaDir, "matches", String(match.id)), options);
  return match;
}

/** A marker of the stack's admin at `timeMs`; answers its id. */
export async function addMarker(stack: JobStack, matchId: number, timeMs: number) {
  const sequence = await stack.http.post(`/v1/matches/${matchId}/sequences`, {}, stack.admin.token);
  expect(sequence.statusCode).toBe(201);
  const marker = await stack.http.post(
    `/v1/sequences/${sequence.json().data.id}/markers`,
    { time_ms: timeMs, label: `moment at ${timeMs}` },
    stack.admin.token,
  );
  expect(marker.statusCode).toBe(201);
  return marker.json().data.id as number;
}

export type ClipAnswer = {
  id: number;
  marker: { id: number };
  state: string;
  failure_reason: string | null;
  video_url: string | null;
};

/** The match's clip of a marker once `done` says so (by default: ready or failed). */
export async function settledClip(
  stack: JobStack,
  matchId: number,
  markerId: number,
  done = (clip: ClipAnswer) => clip.state === "ready" || clip.state === "failed",
): Promise<ClipAnswer> {
  return eventually(
    async () => {
      const clips = (await stack.http.get(`/v1/matches/${matchId}/clips`, stack.admin.token)).json()
        .data as ClipAnswer[];
      const clip = clips.find((c) => c.marker.id === markerId);
      return clip && done(clip) && clip;
    },
    `the clip of marker ${markerId}`,
    60_000,
  );
}

/** How the cut of a clip's version went (the clip.cut job's result), once its job completed. */
export async function cutResult(stack: JobStack, clipId: number, version = 1) {
  const job = () => stack.t.deps.jobs.clipCuts.getJob(clipCutJobId({ clipId, version }));
  // The clip turns ready within the job, which completes once the clip's summary is queued too.
  await eventually(async () => (await job())?.isCompleted(), `the cut of clip ${clipId}`);
  return (await job())!.returnvalue as unknown;
}
