// clip.cut with real ffmpeg: markers on a match whose on-demand video (an HLS
// test pattern made by ffmpeg here, in the media store as the gateway keeps it)
// give clips of the right length that play, their states arrive over
// Socket.IO, and a clip that can't be cut fails with its reason.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { CHANNELS, EVENTS, MEDIA_FILES, type EventPayloads } from "@clubcast/shared";
import { collectEvents, connectSocket, subscribe } from "@clubcast/testkit/realtime";
import { FPS, addMarker, cutResult, matchWithVod, settledClip, useVideoStack } from "./clip-support.ts";

const { stack, scratch, download } = useVideoStack("clips");

/** Frames decoded and codec of a video file: ffprobe decodes it all, so a broken file fails here. */
function decode(file: string) {
  const [codec, frames] = execFileSync(
    "ffprobe",
    [
      "-v",
      "error",
      "-count_frames",
      "-select_streams",
      "v:0",
      "-show_entries",
      "stream=codec_name,nb_read_frames",
    ].concat(["-of", "csv=p=0", file]),
    { encoding: "utf8" },
  )
    .trim()
    .split(",");
  return { codec, frames: Number(frames) };
}

/** The MD5 of one decoded frame (the n-th of the file's video). */
function frameHash(file: string, n: number) {
  const lines = execFileSync(
    "ffmpeg",
    [
      "-v",
      "error",
      "-i",
      file,
      "-map",
      "0:v:0",
      "-vf",
      `select=eq(n\\,${n})`,
      "-fps_mode",
      "passthrough",
      "-frames:v",
      "1",
    ].concat(["-f", "framemd5", "-"]),
    { encoding: "utf8" },
  ).trim();
  return lines.split("\n").at(-1)!.split(",").at(-1)!.trim();
}

/** How alike (PSNR, dB) the first frame of a clip is to frame `n` of the video. */
function likeness(clip: string, video: string, n: number) {
  const graph = `[1:v]select=eq(n\\,${n}),setpts=N[want];[0:v]select=eq(n\\,0),setpts=N[got];[got][want]psnr`;
  const { stderr } = spawnSync(
    "ffmpeg",
    ["-hide_banner", "-i", clip, "-i", video, "-filter_complex", graph, "-f", "null", "-"],
    {
      encoding: "utf8",
    },
  );
  return Number(/average:([\d.]+|inf)/.exec(stderr)?.[1]?.replace("inf", "Infinity"));
}

/** A file's length (s) and its sound's codec, if any. */
function soundOf(file: string) {
  const probe = (entries: string) =>
    execFileSync("ffprobe", ["-v", "error", "-select_streams", "a", "-show_entries", entries, "-of", "csv=p=0", file], {
      encoding: "utf8",
    }).trim();
  return { codec: probe("stream=codec_name"), seconds: Number(probe("format=duration")) };
}

/** The clip's first frame is the video's frame `n`, re-encoded: far more like it than like either neighbour. */
function expectStartsLike(clip: string, video: string, n: number) {
  const [before, wanted, after] = [n - 1, n, n + 1].map((frame) => likeness(clip, video, frame));
  expect(wanted).toBeGreaterThan(35);
  expect(wanted).toBeGreaterThan(before! + 10);
  expect(wanted).toBeGreaterThan(after! + 10);
}

it("cuts three markers into three playable 20 s clips, copied or re-encoded at the edge, told live", async () => {
  // With sound, as a camera's recording through the gateway has: HLS starts its video after the sound.
  const match = await matchWithVod(stack, { sound: true });
  const socket = await connectSocket(stack.url, stack.admin.token);
  await subscribe(socket, CHANNELS.match(match.id));
  const events = collectEvents<EventPayloads["clip.updated"]>(socket, EVENTS.clipUpdated);

  // 15 s before and 5 s after: a window starting on a keyframe (6 s, copied), one between keyframes
  // (5.2 s, re-encoded up to the keyframe at 6 s and copied on) and one slid back from the video's end
  // (10 s to 30 s, copied).
  const markers = [
    await addMarker(stack, match.id, 21_000),
    await addMarker(stack, match.id, 20_200),
    await addMarker(stack, match.id, 29_000),
  ];
  const clips = await Promise.all(markers.map((marker) => settledClip(stack, match.id, marker)));

  for (const [i, clip] of clips.entries()) {
    expect(clip.state, clip.failure_reason ?? "").toBe("ready");
    const file = await download(clip.video_url!, `clip-${i}.mp4`);
    const { codec, frames } = decode(file);
    expect(codec).toBe("h264");
    // 20 s at 25 frames per second, to within one frame, with the sound as long.
    expect(Math.abs(frames - 20 * FPS)).toBeLessThanOrEqual(1);
    const sound = soundOf(file);
    expect(sound.codec).toBe("aac");
    expect(Math.abs(sound.seconds - 20)).toBeLessThanOrEqual(1 / FPS);
  }
  expect(await Promise.all(clips.map((clip) => cutResult(stack, clip.id)))).toEqual(
    ["copy", "edges", "copy"].map((cut) => ({ done: true, cut })),
  );
  // The copied clip starts with the very frame of the video at 6 s.
  const vod = join(stack.t.config.mediaDir, "matches", String(match.id), MEDIA_FILES.vodPlaylist);
  expect(frameHash(join(scratch, "clip-0.mp4"), 0)).toBe(frameHash(vod, 6 * FPS));
  expect(frameHash(join(scratch, "clip-2.mp4"), 0)).toBe(frameHash(vod, 10 * FPS));
  expect(frameHash(join(scratch, "clip-2.mp4"), 20 * FPS - 1)).toBe(frameHash(vod, 30 * FPS - 1));
  // The edge cut starts with the frame at 5.2 s, re-encoded: far more like it than like either neighbour.
  expectStartsLike(join(scratch, "clip-1.mp4"), vod, 130);
  // From the keyframe at 6 s on, its frames are the video's very own, to its last one.
  expect(frameHash(join(scratch, "clip-1.mp4"), 20)).toBe(frameHash(vod, 6 * FPS));
  expect(frameHash(join(scratch, "clip-1.mp4"), 20 * FPS - 1)).toBe(frameHash(vod, 130 + 20 * FPS - 1));

  // The first cuts kept the video's keyframe index beside it, which no media URL serves (the playlist's does).
  expect(existsSync(join(stack.t.config.mediaDir, "matches", String(match.id), MEDIA_FILES.vodIndex))).toBe(true);
  const served = (name: string) => fetch(`${stack.url}/media/matches/${match.id}/${name}`).then((r) => r.status);
  expect(await served(MEDIA_FILES.vodPlaylist)).toBe(200);
  expect(await served(MEDIA_FILES.vodIndex)).toBe(404);

  // Measured once, so the server checks markers and clips against the video from now on.
  expect(await stack.t.deps.prisma.match.findUniqueOrThrow({ where: { id: match.id } })).toMatchObject({
    vodDurationMs: 30_000,
    vodFrameRate: FPS,
  });

  for (const marker of markers) {
    const states = events.filter((e) => e.marker === marker).map((e) => e.state);
    expect(states[0]).toBe("queued");
    expect(states).toContain("cutting");
    expect(states.at(-1)).toBe("ready");
  }
});

it("re-encodes the whole of a hand-set clip with no keyframe inside, to the frame", async () => {
  const match = await matchWithVod(stack, { sound: true });
  const marker = await addMarker(stack, match.id, 20_000);
  const first = await settledClip(stack, match.id, marker);
  // From 5.2 s to 5.8 s: between the keyframes at 4 s and 6 s.
  const set = await stack.http.put(`/v1/clips/${first.id}`, { start_ms: 5_200, end_ms: 5_800 }, stack.admin.token);
  expect(set.statusCode).toBe(200);
  const clip = await settledClip(
    stack,
    match.id,
    marker,
    (c) => c.state === "ready" && c.video_url !== first.video_url,
  );
  expect(await cutResult(stack, clip.id, 2)).toEqual({ done: true, cut: "whole" });
  const file = await download(clip.video_url!, "whole.mp4");
  expect(decode(file)).toEqual({ codec: "h264", frames: 15 });
  const vod = join(stack.t.config.mediaDir, "matches", String(match.id), MEDIA_FILES.vodPlaylist);
  expectStartsLike(file, vod, 130);
});

it("fails a clip that starts after the video's end, and one of a match without video, with the reason", async () => {
  const match = await matchWithVod(stack);
  const late = await settledClip(stack, match.id, await addMarker(stack, match.id, 60_000));
  expect(late.state).toBe("failed");
  expect(late.failure_reason).toMatch(/after the video's end/);
  expect(late.video_url).toBeNull();

  const silent = await stack.createMatch({ status: "vod" });
  const none = await settledClip(stack, silent.id, await addMarker(stack, silent.id, 20_000));
  expect(none.state).toBe("failed");
  expect(none.failure_reason).toBe("the match has no on-demand video");
});

it("removes a deleted marker's clip files, and leaves no partial file behind", async () => {
  const match = await matchWithVod(stack);
  const marker = await addMarker(stack, match.id, 10_000);
  expect((await settledClip(stack, match.id, marker)).state).toBe("ready");
  const clipsDir = join(stack.t.config.mediaDir, "matches", String(match.id), "clips");
  expect(readdirSync(clipsDir).sort()).toEqual([expect.stringMatching(/\.jpg$/), expect.stringMatching(/\.mp4$/)]);

  expect((await stack.http.del(`/v1/markers/${marker}`, stack.admin.token)).statusCode).toBe(204);
  expect(existsSync(clipsDir) ? readdirSync(clipsDir) : []).toEqual([]);
});
