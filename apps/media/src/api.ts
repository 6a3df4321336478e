// The gateway's calls to the API, as its own machine client: who may publish,
// refusals and connected cameras, stream ready and recording finished.
import { createControllerReporter } from "@clubcast/camera-protocol";
import type { IngestProtocol } from "@clubcast/shared";

export type PublishDecision =
  | { allowed: true; configuration_id: number; club_id: number; camera_id: string; passthrough: boolean }
  | { allowed: false; reason: string };

/** Why a publisher was refused, for clients to word: the gateway's own reasons (the API decides the others). */
export type RefusalCode = "no_video" | "unsupported_video_codec" | "unsupported_audio_codec" | "already_publishing";

export interface GatewayApi {
  authorizePublish(streamKey: string, protocol: IngestProtocol, address: string): Promise<PublishDecision>;
  reportRefusal(refusal: {
    streamKey: string;
    protocol: IngestProtocol;
    address: string;
    reason: string;
    code: RefusalCode;
  }): Promise<void>;
  reportPublisher(report: {
    configurationId: number;
    connected: boolean;
    protocol: IngestProtocol;
    hlsPath: string | null;
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
    async reportRefusal({ streamKey, protocol, address, reason, code }) {
      await reporter.report("/v1/media-gateway/refusals", { stream_key: streamKey, protocol, address, reason, code });
    },
    async reportPublisher({ configurationId, connected, protocol, hlsPath }) {
      await reporter.report("/v1/media-gateway/publishers", {
        configuration_id: configurationId,
        connected,
        protocol,
        hls_path: hlsPath,
      });
    },
    streamReady: (matchId, liveHlsUrl) => reporter.streamReady({ matchId, liveHlsUrl }),
    recordingFinished: (report) => reporter.recordingFinished(report),
  };
}
