// Finishing a recording: the video-on-demand playlists, a poster taken from
// the video, and an MP4 download. The playlists only list segments already on
// disk, so the video-on-demand is ready within moments of stop recording; the
// MP4 follows in the background.
import { spawnTied } from "./processes.ts";
import { renameSync, rmSync, writeFileSync } from "node:fs";
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

/**
 * An MP4 of the best rendition without re-encoding. The concat demuxer lays the
 * segments end to end, so a reconnect's restarted timestamps don't break the file.
 */
export async function makeDownload(dir: string, rendition: Rendition, sessions: number[]): Promise<void> {
  const segments = segmentsOf(join(dir, rendition.name), sessions);
  if (!segments.length) return;
  const list = join(dir, rendition.name, "download.concat");
  writeFileSync(
    list,
    `ffconcat version 1.0\n${segments.map((segment) => `file '${segment.uri}'\nduration ${segment.duration}`).join("\n")}\n`,
  );
  const download = join(dir, MEDIA_FILES.download);
  const partial = `${download}.part.mp4`;
  try {
    await ffmpeg(["-f", "concat", "-safe", "0", "-i", list, "-c", "copy", "-movflags", "+faststart", partial]);
    renameSync(partial, download);
  } finally {
    rmSync(list, { force: true });
    rmSync(partial, { force: true });
  }
}
