// Where a camera publishes to the media gateway: the one place that spells the
// ingest URLs (the conventions themselves live in @clubcast/shared's media.ts).
import { GATEWAY_CAMERA_TYPE, RTMP_APP, srtStreamId } from "@clubcast/shared";
import type { AppConfig } from "@clubcast/settings";
import type { IngestAnswer } from "./schemas.ts";

export type IngestSettings = Pick<AppConfig, "mediaPublicHost" | "rtmpPort" | "srtPort">;

/**
 * The ingest URLs of a configuration: only for the gateway's camera type, and
 * only once it has a stream key to publish with (null otherwise).
 */
export function ingestOf(settings: IngestSettings, cameraType: string, streamKey: string | null): IngestAnswer {
  if (cameraType !== GATEWAY_CAMERA_TYPE || !streamKey) return null;
  const rtmpServer = `rtmp://${settings.mediaPublicHost}:${settings.rtmpPort}/${RTMP_APP}`;
  return {
    rtmp_server: rtmpServer,
    rtmp_url: `${rtmpServer}/${streamKey}`,
    srt_url: `srt://${settings.mediaPublicHost}:${settings.srtPort}?streamid=${srtStreamId(streamKey)}`,
  };
}
