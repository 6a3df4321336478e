// Video of recordings the simulator never made: the seed's demo matches name
// /live/<camera>/index.m3u8 and /recordings/<camera>/<recording>/index.m3u8 on
// the camera server, as a club's real camera would serve them. The first
// request for one makes it: a live test pattern, kept running while players ask
// for it, or an on-demand video encoded once and kept in the media directory.
import { existsSync, readFileSync } from "node:fs";
import { DEMO_VOD_SECONDS } from "@clubcast/shared";
import { join } from "node:path";
import { encodeTestPatternVod, PLAYLIST, startLiveVideo, type LiveVideo } from "./video.ts";

/** A demo live stream nobody asked for in this long stops (its ffmpeg costs a core's fraction). */
const LIVE_IDLE_MS = 2 * 60_000;
/** Camera ids and recording names are path segments of this shape, nothing that could leave the directory. */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const FILE = /^[A-Za-z0-9_-]{1,100}\.(m3u8|ts)$/;

export interface DemoFile {
  /** The file on disk, once it exists. */
  path: string;
}

export interface DemoMedia {
  /**
   * The file `urlPath` names under /live or /recordings, made first if it is a playlist; null for
   * a path that names no demo video.
   */
  file(urlPath: string): Promise<DemoFile | null>;
  close(): Promise<void>;
}

interface LiveStream {
  video: LiveVideo;
  /** Resolves once the playlist holds a few segments: players start at least three segments from its end. */
  started: Promise<void>;
  lastAsked: number;
}

const SEGMENTS_BEFORE_PLAYING = 3;

/** Waits until `playlist` lists enough segments for a player to start (Chromium's own HLS gives up on fewer). */
async function enoughSegments(video: LiveVideo, playlist: string): Promise<void> {
  await video.ready;
  // Bounded: a stream whose ffmpeg stalled is served as it is rather than never.
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const listed = readFileSync(playlist, "utf8").split("#EXTINF").length - 1;
    if (listed >= SEGMENTS_BEFORE_PLAYING) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export function createDemoMedia(mediaDir: string, size: string, log: (line: string) => void): DemoMedia {
  const root = join(mediaDir, "demo");
  const live = new Map<string, LiveStream>();
  const vods = new Map<string, Promise<void>>();

  const idleCheck = setInterval(() => {
    for (const [camera, stream] of live) {
      if (Date.now() - stream.lastAsked < LIVE_IDLE_MS) continue;
      live.delete(camera);
      void stream.video.abort();
      log(`stopped the idle demo live stream of ${camera}`);
    }
  }, LIVE_IDLE_MS / 4);
  idleCheck.unref();

  async function liveFile(camera: string, name: string): Promise<DemoFile | null> {
    const dir = join(root, "live", camera);
    let stream = live.get(camera);
    if (!stream) {
      if (name !== PLAYLIST) return null;
      const video = startLiveVideo(dir, null, { size, caption: `${camera} live` });
      stream = { video, started: enoughSegments(video, join(dir, PLAYLIST)), lastAsked: Date.now() };
      live.set(camera, stream);
      log(`started a demo live stream for ${camera}`);
    }
    stream.lastAsked = Date.now();
    await stream.started;
    return { path: join(dir, name) };
  }

  async function recordingFile(camera: string, recording: string, name: string): Promise<DemoFile | null> {
    const dir = join(root, "recordings", camera, recording);
    const key = `${camera}/${recording}`;
    if (!vods.has(key)) {
      if (existsSync(join(dir, PLAYLIST))) vods.set(key, Promise.resolve());
      else if (name !== PLAYLIST) return null;
      else {
        const caption = `${camera} ${recording}`;
        const encoded = encodeTestPatternVod(dir, { size, caption, seconds: DEMO_VOD_SECONDS });
        // A failed encode may be tried again by the next request.
        encoded.catch(() => vods.delete(key));
        vods.set(key, encoded);
        log(`encoding a demo recording ${key}`);
      }
    }
    await vods.get(key);
    return { path: join(dir, name) };
  }

  return {
    async file(urlPath) {
      const parts = urlPath.split("/").filter(Boolean).map(decodeURIComponent);
      const name = parts.at(-1) ?? "";
      if (!FILE.test(name) || !parts.slice(1, -1).every((part) => SEGMENT.test(part))) return null;
      if (parts[0] === "live" && parts.length === 3) return liveFile(parts[1]!, name);
      if (parts[0] === "recordings" && parts.length === 4) return recordingFile(parts[1]!, parts[2]!, name);
      return null;
    },
    async close() {
      clearInterval(idleCheck);
      await Promise.all([...live.values()].map((stream) => stream.video.abort()));
      await Promise.allSettled(vods.values());
    },
  };
}
