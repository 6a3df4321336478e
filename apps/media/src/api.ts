// The gateway's calls to the API, as its own machine client: who may publish,
// refusals and connected cameras, stream ready and recording finished.
import { createControllerReporter } from "@clubcast/camera-protocol";
import type { IngestProtocol, PublisherStats, PublishRefusalCode } from "@clubcast/shared";

export type PublishDecision =
  | { allowed: true; configuration_id: number; club_id: number; camera_id: string; passthrough: boolean }
  | { allowed: false; reason: string; code?: PublishRefusalCode };

export interface GatewayApi {
  authorizePublish(streamKey: string, protocol: IngestProtocol, address: string): Promise<PublishDecision>;
  reportRefusal(refusal: {
    streamKey: string;
    protocol: IngestProtocol;
    address: string;
    reason: string;
    /** What the club admin's message is worded by (the API codes a refusal without one by its reason). */
    code?: PublishRefusalCode;
    /** The codec an unsupported-codec refusal names, as ffprobe calls it (hevc, av1, …). */
    codec?: string;
  }): Promise<void>;
  reportPublisher(report: {
    configurationId: number;
    connected: boolean;
    protocol: IngestProtocol;
    hlsPath: string | null;
    /** The link's latest figures (SRT fills every one, RTMP only the bitrate); omitted keeps the last ones. */
    stats?: PublisherStats | null;
  }): Promise<void>;
  streamReady(matchId: number, liveHlsUrl: string): Promise<void>;
  recordingFinished(report: {
    matchId: number;
    startedAt: Date;
    endedAt: Date;
    vodHlsUrl: string | null;
  }): Promise<void>;
}

export function createGatewayApi(credentials: { apiUrl: string; clientId: string; clientSecret: string }): GatewayApi {
  const reporter = createControllerReporter(credentials);
  return {
    async authorizePublish(streamKey, protocol, address) {
      const answer = (await reporter.report("/v1/media-gateway/publish", {
        stream_key: streamKey,
        protocol,
        address,
      })) as { data: PublishDecision };
      return answer.data;
    },
    async reportRefusal({ streamKey, protocol, address, reason, code, codec }) {
      await reporter.report("/v1/media-gateway/refusals", {
        stream_key: streamKey,
        protocol,
        address,
        reason,
        ...(code === undefined ? {} : { code }),
        ...(codec === undefined ? {} : { codec }),
      });
    },
    async reportPublisher({ configurationId, connected, protocol, hlsPath, stats }) {
      await reporter.report("/v1/media-gateway/publishers", {
        configuration_id: configurationId,
        connected,
        protocol,
        hls_path: hlsPath,
        ...(stats === undefined ? {} : { stats }),
      });
    },
    streamReady: (matchId, liveHlsUrl) => reporter.streamReady({ matchId, liveHlsUrl }),
    recordingFinished: (report) => reporter.recordingFinished(report),
  };
}
