// A recording's keyframe index (issue 14): its facts (VideoFacts) and every
// keyframe, probed once with one ffprobe of the whole video and kept in a file
// beside it, so a clip's cut plans without running ffprobe (each run costs
// about as much as the copy itself).
//
// The index names the version of the video it was made from: the inode, size
// and modification time of the playlist and of the media playlists it names
// (the gateway rewrites them by renaming a new file into place). An index of
// another version, or one that can't be read, is made again and replaces it.
// It is written whole or not at all (temporary file, then rename), so a worker
// killed while writing leaves the old index or none. One that can't be written
// (a full disk) costs only the next cut's probe.
import { readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { writeFileAtomic } from "@clubcast/media-store";
import { probeVideoIndex, type VideoIndex } from "./video.ts";

/** The index's layout: another number makes older indexes unreadable, so they are made again. */
const INDEX_FORMAT = 1;

interface IndexFile extends VideoIndex {
  format: typeof INDEX_FORMAT;
  version: string;
}

/** The playlist's version: its own file's and the media playlists' it names (a master playlist's renditions). */
export function versionOf(playlist: string): string {
  const text = readFileSync(playlist, "utf8");
  const renditions = text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.endsWith(".m3u8") && !line.startsWith("#"))
    .map((name) => join(dirname(playlist), name));
  return [playlist, ...renditions]
    .map((file) => {
      const { ino, size, mtimeNs } = statSync(file, { bigint: true });
      return `${ino}:${size}:${mtimeNs}`;
    })
    .join(",");
}

const isNumber = (value: unknown) => typeof value === "number" && Number.isFinite(value);

/** The index in `file` if it is whole and of `version`, else null. */
function readIndex(file: string, version: string): VideoIndex | null {
  let index: Partial<IndexFile>;
  try {
    index = JSON.parse(readFileSync(file, "utf8")) as Partial<IndexFile>;
  } catch {
    return null;
  }
  const { video, keyframes } = index;
  const whole =
    index.format === INDEX_FORMAT &&
    index.version === version &&
    Array.isArray(keyframes) &&
    keyframes.every(Number.isInteger) &&
    [video?.durationMs, video?.fps, video?.videoStartS, video?.videoOffsetS].every(isNumber) &&
    typeof video?.reorders === "boolean" &&
    (video.pieceEncoder === null ||
      (Array.isArray(video.pieceEncoder) && video.pieceEncoder.every((o) => typeof o === "string")));
  return whole ? { video: video!, keyframes: keyframes! } : null;
}

/**
 * The indexes this process is making, by file and version: the clips placed during a match are
 * all cut once it is on demand, and a worker's concurrent cuts then share one probe of the video.
 */
const making = new Map<string, Promise<VideoIndex>>();

/**
 * The facts and keyframes of the video `playlist` (a file), from its index in `indexFile`, or
 * probed (`probe`) and kept there when the index is missing, unreadable or of another version.
 */
export async function indexedVideo(
  playlist: string,
  indexFile: string,
  probe: (source: string) => Promise<VideoIndex> = probeVideoIndex,
): Promise<VideoIndex> {
  // Before probing: a video that changes during the probe leaves an index of its old version.
  let version: string;
  try {
    version = versionOf(playlist);
  } catch {
    // Gone or unreadable: the probe tells it as a video failure.
    return probe(playlist);
  }
  const kept = readIndex(indexFile, version);
  if (kept) return kept;
  const key = `${indexFile}\0${version}`;
  let made = making.get(key);
  if (!made) {
    made = makeIndex(playlist, indexFile, version, probe).finally(() => making.delete(key));
    making.set(key, made);
  }
  return made;
}

async function makeIndex(
  playlist: string,
  indexFile: string,
  version: string,
  probe: (source: string) => Promise<VideoIndex>,
): Promise<VideoIndex> {
  const index = await probe(playlist);
  const file: IndexFile = { format: INDEX_FORMAT, version, ...index };
  try {
    writeFileAtomic(indexFile, JSON.stringify(file));
  } catch (error) {
    console.error(`[worker] the video's keyframe index could not be kept: ${(error as Error).message}`);
  }
  return index;
}
