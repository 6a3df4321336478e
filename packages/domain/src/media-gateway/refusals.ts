// Why a publisher was refused: the one place a refusal gets its code. The API's own publish
// decision names its code; a gateway that reports a refusal without one (an older gateway) is
// read by its words, so its refusals still reach the club's admins worded as they understand.
import type { PublishRefusalCode } from "@clubcast/shared";

/** Codes that name no configuration: their refusals stay with system admins. */
export const SYSTEM_ONLY_CODES: readonly PublishRefusalCode[] = ["unknown_key", "no_stream_key"];

/** The gateway's words (pipeline.ts, gateway.ts, srt-ingest.ts) and this API's own, each to its code. */
const REASONS: readonly [RegExp, PublishRefusalCode][] = [
  [/^unknown stream key|rotated|no longer valid/i, "unknown_key"],
  [/no stream key/i, "no_stream_key"],
  [/unsupported video codec/i, "unsupported_video_codec"],
  [/unsupported audio codec/i, "unsupported_audio_codec"],
  [/no (decodable )?video|has no video|no video/i, "no_video"],
  [/already publish/i, "already_publishing"],
  [/takes (rtmp|srt), not (rtmp|srt)/i, "wrong_protocol"],
  [/livestream is disabled/i, "disabled"],
  [/not served by the media gateway/i, "not_gateway_camera"],
];

/** The code a reason reads as, when the reporter named none. */
export function refusalCodeOf(reason: string): PublishRefusalCode {
  return REASONS.find(([pattern]) => pattern.test(reason))?.[1] ?? "other";
}

/** The codec an unsupported-codec reason names ("unsupported video codec hevc: …" → "hevc"), else null. */
export function codecOf(reason: string): string | null {
  return /unsupported (?:video|audio) codec ([a-z0-9_.-]{1,32})/i.exec(reason)?.[1]?.toLowerCase() ?? null;
}
