// A real HLS stream for the video tests: a test pattern with a tone, encoded
// by ffmpeg once per run and served over HTTP with CORS (as a CDN would).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";

const HLS_DIR = join(tmpdir(), "clubcast-e2e-hls");
const PLAYLIST = "stream.m3u8";
const SECONDS = 30;

function encode(): void {
  if (existsSync(join(HLS_DIR, PLAYLIST))) return;
  mkdirSync(HLS_DIR, { recursive: true });
  const result = spawnSync(
    "ffmpeg",
    [
      ["-hide_banner", "-loglevel", "error", "-y"],
      ["-f", "lavfi", "-i", `testsrc2=size=640x360:rate=25:duration=${SECONDS}`],
      ["-f", "lavfi", "-i", `sine=frequency=440:duration=${SECONDS}`],
      ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "50"],
      ["-c:a", "aac", "-b:a", "64k"],
      ["-f", "hls", "-hls_time", "2", "-hls_playlist_type", "vod"],
      ["-hls_segment_filename", join(HLS_DIR, "segment-%03d.ts"), join(HLS_DIR, PLAYLIST)],
    ].flat(),
    { encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.error?.message ?? result.stderr}`);
}

const TYPES: Record<string, string> = { ".m3u8": "application/vnd.apple.mpegurl", ".ts": "video/mp2t" };

export interface HlsServer {
  /** The playlist's URL. */
  url: string;
  close(): Promise<void>;
}

export async function serveTestStream(): Promise<HlsServer> {
  encode();
  const server: Server = createServer((request, response) => {
    const file = normalize(join(HLS_DIR, (request.url ?? "/").split("?")[0]!));
    response.setHeader("Access-Control-Allow-Origin", "*");
    if (!file.startsWith(HLS_DIR) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream" });
    response.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/${PLAYLIST}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
