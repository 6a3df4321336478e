// The media gateway's shared contract: its camera type, the ingest ports and
// stream-id convention, and the file names of a match's media (the layout is
// documented in packages/media-store).

/** The camera type of configurations whose camera publishes to the media gateway (RTMP or SRT). */
export const GATEWAY_CAMERA_TYPE = "CLUBCAST_GATEWAY";

/** Conventional ingest ports (RTMP_PORT and SRT_PORT override them). */
export const INGEST_PORTS = { rtmp: 1935, srt: 8890 } as const;

/** The RTMP application publishers push to: rtmp://HOST:1935/live/{stream_key}. */
export const RTMP_APP = "live";

export type IngestProtocol = "rtmp" | "srt";

/**
 * Why a publisher was refused, as a machine reads it (the gateway's own words stay its detail).
 * Club admins see a refusal of their club's configuration worded by this code; `unknown_key` and
 * `no_stream_key` name no configuration and are for system admins only; `other` is what no code names.
 */
export const PUBLISH_REFUSAL_CODES = [
  "no_video",
  "unsupported_video_codec",
  "unsupported_audio_codec",
  "already_publishing",
  "wrong_protocol",
  "unknown_key",
  "no_stream_key",
  "disabled",
  "not_gateway_camera",
  "other",
] as const;
export type PublishRefusalCode = (typeof PUBLISH_REFUSAL_CODES)[number];

/** What a connected publisher's link looks like (SRT fills every figure, RTMP only the bitrate). */
export interface PublisherStats {
  rtt_ms: number | null;
  loss_percent: number | null;
  retransmitted_packets: number | null;
  dropped_packets: number | null;
  bitrate_kbps: number | null;
}

/**
 * What a camera, OBS or a phone app should send the media gateway (the go-live page shows it): what
 * the gateway passes on to viewers without re-encoding, at a bitrate a club's upload carries.
 */
export const RECOMMENDED_ENCODER = {
  width: 1280,
  height: 720,
  frameRate: 30,
  videoCodec: "H.264",
  keyframeIntervalSeconds: 2,
  videoBitrateKbps: 3000,
  audioCodec: "AAC",
  audioSampleRateHz: 48_000,
} as const;

/**
 * How a publisher's link looks from its figures: "poor" when it loses packets, answers slowly or
 * sends well under the recommended bitrate; "unknown" without figures.
 */
export function publisherHealth(stats: PublisherStats | null): "good" | "poor" | "unknown" {
  if (!stats) return "unknown";
  const { bitrate_kbps: bitrate, loss_percent: loss, rtt_ms: rtt } = stats;
  if (bitrate === null && loss === null && rtt === null) return "unknown";
  const poor =
    (loss !== null && loss > 2) ||
    (rtt !== null && rtt > 500) ||
    (bitrate !== null && bitrate < RECOMMENDED_ENCODER.videoBitrateKbps / 2);
  return poor ? "poor" : "good";
}

/** The SRT stream id a publisher sends: srt://HOST:8890?streamid=publish:{stream_key}. */
export const srtStreamId = (streamKey: string) => `publish:${streamKey}`;

/**
 * The stream key in an SRT stream id: `publish:KEY` (ours, MediaMTX's),
 * `#!::r=KEY,m=publish` (the SRT access-control convention) or a bare key.
 * Null when the id names no key or asks to play rather than publish.
 */
export function streamKeyOfSrtStreamId(streamId: string): string | null {
  const id = streamId.trim();
  if (id.startsWith("#!::")) {
    const fields = new Map(
      id
        .slice(4)
        .split(",")
        .map((pair) => {
          const at = pair.indexOf("=");
          return [pair.slice(0, at), pair.slice(at + 1)] as const;
        }),
    );
    if ((fields.get("m") ?? "publish") !== "publish") return null;
    return fields.get("r") || null;
  }
  const [mode, ...rest] = id.split(":");
  if (rest.length) return mode === "publish" && rest.join(":") ? rest.join(":") : null;
  return id || null;
}

/**
 * The end of a stream key, enough to tell keys apart in logs and monitoring
 * without revealing them; a key of four characters or fewer shows nothing.
 */
export const streamKeyHint = (key: string) => `…${key.length > 4 ? key.slice(-4) : ""}`;

/** Names of a match's media files, relative to its folder (see packages/media-store). */
export const MEDIA_FILES = {
  /** Master playlists: the live stream while recording, the video-on-demand after. */
  livePlaylist: "live.m3u8",
  vodPlaylist: "vod.m3u8",
  poster: "poster.jpg",
  download: "download.mp4",
  manifest: "manifest.json",
  /** The worker's keyframe index of the video-on-demand (apps/worker/src/video-index.ts): never served. */
  vodIndex: "vod-index.json",
  /** The folders of a match's clips and summaries (video and poster each), which have a privacy of their own. */
  clipsFolder: "clips",
  summariesFolder: "summaries",
} as const;

/** Whether a path below a match's folder is a clip's or a summary's file (normalized, as stored). */
export const isRenderedVideoFile = (path: string): boolean =>
  path.startsWith(`${MEDIA_FILES.clipsFolder}/`) || path.startsWith(`${MEDIA_FILES.summariesFolder}/`);

/**
 * How long a media gateway's hold of a camera's stream lasts unless renewed (it renews it every 10 s while
 * the publisher stays): the worker sends the camera's commands to the gateway holding it, and a gateway
 * killed outright holds nothing after this.
 */
export const GATEWAY_HOLD_SECONDS = 30;

/** How long a reconnecting publisher continues the same live stream and recording. */
export const PUBLISHER_RECONNECT_WINDOW_MS = 30_000;

/**
 * The Redis pub/sub channel on which the API tells the media gateway what changed, after the
 * deployment's key prefix (REDIS_PREFIX, default "clubcast:"): see mediaGatewayChannel.
 */
export const MEDIA_GATEWAY_CHANNEL = "media-gateway";

/** The channel both sides use: the prefix of every Redis key the platform writes, then MEDIA_GATEWAY_CHANNEL. */
export const mediaGatewayChannel = (redisPrefix: string) => `${redisPrefix}${MEDIA_GATEWAY_CHANNEL}`;

/** What the API publishes on the media gateway channel (JSON). */
export type MediaGatewayMessage = {
  /** A configuration's stream key was replaced: drop any publisher still using the old one. */
  type: "stream_key_rotated";
  configuration_id: number;
  old_stream_key: string;
};

/** How long the camera simulator's demo on-demand videos run; the seed's demo markers sit inside them. */
export const DEMO_VOD_SECONDS = 40;

/**
 * Where finished media is kept (MEDIA_STORAGE and the S3_* settings): the local disk under MEDIA_DIR,
 * or a bucket of an S3-compatible store, addressed path-style. Only packages/media-store acts on it.
 */
export type MediaStorageSettings =
  | { driver: "local" }
  | {
      driver: "s3";
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** Where anyone fetches a stored object by its key (a CDN or a public bucket); null: pre-signed URLs only. */
      publicUrl: string | null;
    };
