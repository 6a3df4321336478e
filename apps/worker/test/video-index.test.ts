// The keyframe index of an on-demand video (video-index.ts), on real ffmpeg
// videos laid out as the media gateway keeps them (a master playlist naming a
// rendition's): made once and then read without probing the video, made again
// when the video changes or the index is broken, and never failing a cut.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";
import { MEDIA_FILES } from "@clubcast/shared";
import { hasFfmpeg } from "@clubcast/testkit/camera-sim";
import { indexedVideo } from "../src/video-index.ts";
import { VideoError, planClipCut, probeVideo, probeVideoIndex } from "../src/video.ts";
import { FPS, writeVod, type VodOptions } from "./clip-support.ts";

const scratch = mkdtempSync(join(tmpdir(), "clubcast-video-index-"));
beforeAll(() => expect(hasFfmpeg(), "ffmpeg on PATH").toBe(true));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const SECONDS = 12;
let videos = 0;

/** A video in a folder of its own: its master playlist, the index's place, and (re)writing its rendition. */
function video(options: VodOptions = {}) {
  const dir = join(scratch, `video-${++videos}`);
  const write = (again: VodOptions = options) => writeVod(join(dir, "source"), { seconds: SECONDS, ...again });
  write();
  const playlist = join(dir, MEDIA_FILES.vodPlaylist);
  writeFileSync(playlist, `#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=500000\nsource/${MEDIA_FILES.vodPlaylist}\n`);
  return { dir, playlist, index: join(dir, MEDIA_FILES.vodIndex), write };
}

/** A keyframe every `seconds` over the video, as frame numbers. */
const keyframesEvery = (seconds: number) => Array.from({ length: SECONDS / seconds }, (_, i) => i * seconds * FPS);

it("makes the index on the first read, then reads it without probing the video, and plans as a probe would", async () => {
  const { playlist, index } = video();
  const probe = vi.fn(probeVideoIndex);
  const first = await indexedVideo(playlist, index, probe);
  expect(probe).toHaveBeenCalledTimes(1);
  expect(first.keyframes).toEqual(keyframesEvery(2));
  expect(first.video).toEqual(await probeVideo(playlist));

  const second = await indexedVideo(playlist, index, probe);
  expect(probe).toHaveBeenCalledTimes(1);
  expect(second).toEqual(first);
  // On a keyframe and between keyframes: the plan from the index is the one from probing the window.
  for (const firstFrame of [100, 130]) {
    expect(await planClipCut(playlist, second.video, firstFrame, 150, second.keyframes)).toEqual(
      await planClipCut(playlist, second.video, firstFrame, 150, null),
    );
  }
});

it("makes the index again when the rendition's video changes, the master playlist unchanged", async () => {
  const { playlist, index, write } = video({ keyframeS: 2 });
  const probe = vi.fn(probeVideoIndex);
  expect((await indexedVideo(playlist, index, probe)).keyframes).toEqual(keyframesEvery(2));

  write({ keyframeS: 1 });
  expect((await indexedVideo(playlist, index, probe)).keyframes).toEqual(keyframesEvery(1));
  expect(probe).toHaveBeenCalledTimes(2);
  // And keeps the new one.
  expect((await indexedVideo(playlist, index, probe)).keyframes).toEqual(keyframesEvery(1));
  expect(probe).toHaveBeenCalledTimes(2);
});

it("makes the index again when the master playlist is replaced", async () => {
  const { playlist, index } = video();
  const probe = vi.fn(probeVideoIndex);
  await indexedVideo(playlist, index, probe);
  // As the gateway writes it: the same text, a new file renamed into place.
  const text = readFileSync(playlist, "utf8");
  rmSync(playlist);
  writeFileSync(playlist, text);
  await indexedVideo(playlist, index, probe);
  expect(probe).toHaveBeenCalledTimes(2);
});

it("ignores a broken index (cut short, or whole but wrong) and writes a whole one in its place", async () => {
  const { playlist, index } = video();
  const probe = vi.fn(probeVideoIndex);
  const made = await indexedVideo(playlist, index, probe);
  const text = readFileSync(index, "utf8");

  writeFileSync(index, text.slice(0, text.length / 2));
  expect(await indexedVideo(playlist, index, probe)).toEqual(made);
  expect(probe).toHaveBeenCalledTimes(2);
  expect(JSON.parse(readFileSync(index, "utf8"))).toEqual(JSON.parse(text));

  // Of the video's version, but keyframes that are no frame numbers.
  writeFileSync(index, JSON.stringify({ ...JSON.parse(text), keyframes: ["0"] }));
  expect(await indexedVideo(playlist, index, probe)).toEqual(made);
  expect(probe).toHaveBeenCalledTimes(3);
  expect(JSON.parse(readFileSync(index, "utf8"))).toEqual(JSON.parse(text));
  expect(await indexedVideo(playlist, index, probe)).toEqual(made);
  expect(probe).toHaveBeenCalledTimes(3);
});

it("answers from a probe when the index can't be written, and says why", async () => {
  const { playlist, dir } = video();
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  const probe = vi.fn(probeVideoIndex);
  const unwritable = join(dir, "missing-folder", MEDIA_FILES.vodIndex);
  expect((await indexedVideo(playlist, unwritable, probe)).keyframes).toEqual(keyframesEvery(2));
  expect(logged).toHaveBeenCalledWith(expect.stringMatching(/keyframe index could not be kept/));
  await indexedVideo(playlist, unwritable, probe);
  expect(probe).toHaveBeenCalledTimes(2);
});

it("lets cuts that find no index at once share one probe, leaving a whole index and no temporary file", async () => {
  const { playlist, index, dir } = video();
  const probe = vi.fn(probeVideoIndex);
  const made = await Promise.all([1, 2, 3].map(() => indexedVideo(playlist, index, probe)));
  expect(probe).toHaveBeenCalledTimes(1);
  expect(made[1]).toEqual(made[0]);
  expect(made[2]).toEqual(made[0]);
  expect(readdirSync(dir).sort()).toEqual([MEDIA_FILES.vodIndex, MEDIA_FILES.vodPlaylist, "source"].sort());
  await indexedVideo(playlist, index, probe);
  expect(probe).toHaveBeenCalledTimes(1);
});

it("lets a failed probe fail the cuts waiting for it, and the next cut probe again", async () => {
  const { playlist, index } = video();
  const probe = vi.fn(probeVideoIndex).mockRejectedValueOnce(new VideoError("unreadable"));
  const waiting = [1, 2].map(() => indexedVideo(playlist, index, probe));
  for (const cut of waiting) await expect(cut).rejects.toThrow("unreadable");
  expect((await indexedVideo(playlist, index, probe)).keyframes).toEqual(keyframesEvery(2));
  expect(probe).toHaveBeenCalledTimes(2);
});
