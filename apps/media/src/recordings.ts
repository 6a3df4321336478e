// Finishing a recording: the video-on-demand playlists and a poster taken from
// the video. The playlists only list segments already on disk, so the
// video-on-demand is ready within moments of stop recording. The MP4 download
// follows as the worker's recording.download job, which the API queues when the
// gateway reports the recording finished.
import { spawnTied } from "./processes.ts";
import { renameSync } from "node:fs";
import { join } from "node:path";
import { MEDIA_FILES } from "@clubcast/shared";
import { segmentsOf, writePlaylists, type Rendition } from "./playlists.ts";

function ffmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawnTied("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-1000)));
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg: ${stderr.trim()}`))));
  });
}

/** RFC 6381 name of an H.264 stream: profile, constraint flags and level as hex (avc1.64001f for High 3.1). */
function avc1(profile: string, level: number): string {
  const [idc, constraints] =
    profile === "Constrained Baseline"
      ? [66, 0xe0]
      : profile === "Baseline"
        ? [66, 0]
        : profile === "Main"
          ? [77, 0x40]
          : [100, 0];
  const hex = (value: number) => value.toString(16).padStart(2, "0");
  return `avc1.${hex(idc)}${hex(constraints)}${hex(level)}`;
}

/** What a rendition's master playlist entry says of it: its codecs and resolution, read from one segment. */
export function describeSegment(
  file: string,
): Promise<{ codecs: string | null; resolution: string | null; frameRate: number | null }> {
  return new Promise((resolve) => {
    const child = spawnTied(
      "ffprobe",
      // prettier-ignore
      [
        "-v", "error", "-show_entries", "stream=codec_type,codec_name,profile,level,width,height,avg_frame_rate",
        "-of", "json", file,
      ],
      { stdio: ["ignore", "pipe", "ignore"] },
    );
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.once("error", () => resolve({ codecs: null, resolution: null, frameRate: null }));
    child.once("close", () => {
      try {
        const streams = (JSON.parse(out) as { streams?: Array<Record<string, string | number>> }).streams ?? [];
        const video = streams.find((stream) => stream.codec_type === "video");
        const audio = streams.find((stream) => stream.codec_type === "audio");
        const codecs = [
          video?.codec_name === "h264" ? avc1(String(video.profile), Number(video.level)) : null,
          audio?.codec_name === "aac" ? (audio.profile === "HE-AAC" ? "mp4a.40.5" : "mp4a.40.2") : null,
        ];
        resolve({
          // A codec players can't be told of precisely is left out rather than guessed.
          codecs: codecs.every((codec, index) => codec || (index === 1 && !audio))
            ? codecs.filter(Boolean).join(",")
            : null,
          resolution: video?.width && video.height ? `${video.width}x${video.height}` : null,
          frameRate: frameRateOf(String(video?.avg_frame_rate ?? "")),
        });
      } catch {
        resolve({ codecs: null, resolution: null, frameRate: null });
      }
    });
  });
}

/** ffprobe's frame rate ("30/1", "30000/1001"), or null when it gave none ("0/0"). */
export function frameRateOf(ratio: string): number | null {
  const [numerator, denominator] = ratio.split("/").map(Number);
  const rate = denominator ? numerator! / denominator : Number.NaN;
  return Number.isFinite(rate) && rate > 0 ? rate : null;
}

/** Writes the video-on-demand playlists; answers how many segments the best rendition has. */
export function writeVodPlaylists(dir: string, renditions: Rendition[], sessions: number[]): number {
  return writePlaylists(dir, renditions, sessions, { ended: true, liveWindow: 0 });
}

/** A poster from a third of the way into the video (past kick-off nerves, before anyone leaves). */
export async function makePoster(dir: string, rendition: Rendition, sessions: number[]): Promise<void> {
  const segments = segmentsOf(join(dir, rendition.name), sessions);
  if (!segments.length) return;
  const segment = segments[Math.floor(segments.length / 3)]!;
  const poster = join(dir, MEDIA_FILES.poster);
  const partial = `${poster}.part.jpg`;
  await ffmpeg([
    "-i",
    join(dir, rendition.name, segment.uri),
    "-frames:v",
    "1",
    "-vf",
    "scale=-2:min(720\\,ih)",
    "-q:v",
    "3",
    partial,
  ]);
  renameSync(partial, poster);
}
