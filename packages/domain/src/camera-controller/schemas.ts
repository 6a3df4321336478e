import { z } from "zod";
import { DeviceStatus, MatchStatus, RecordingProblem } from "@clubcast/db";
import { exactText, httpUrl, idField, namedRecord, text } from "../core/schemas.ts";

export const tokenRequest = z.strictObject({
  client_id: text(100).min(1),
  client_secret: exactText(200).min(1),
});

/** What a controller may report; 'unknown' is only the state before its first heartbeat. */
const REPORTED_STATUSES = [
  DeviceStatus.online,
  DeviceStatus.degraded,
  DeviceStatus.offline,
] as const satisfies readonly DeviceStatus[];
const reportedStatus = z.enum(REPORTED_STATUSES);

export const heartbeatInput = z.strictObject({
  status: reportedStatus,
  cameras: z
    .array(z.strictObject({ technical_name: text(100).min(1), status: reportedStatus }))
    .max(100)
    .optional(),
});

export const streamReadyInput = z.strictObject({
  match_id: idField,
  // null when the camera streams without an HLS rendition (e.g. a simulator without ffmpeg).
  live_hls_url: httpUrl.nullable(),
});

const instant = z.iso.datetime({ offset: true }).transform((value) => new Date(value));

/** With match_id the match moves on to vod; without, the recording is kept as an offline recording. */
export const recordingFinishedInput = z
  .strictObject({
    match_id: idField.nullable().optional(),
    started_at: instant,
    ended_at: instant,
    vod_hls_url: httpUrl.nullable(),
  })
  .superRefine((value, ctx) => {
    if (value.ended_at <= value.started_at) {
      ctx.addIssue({ code: "custom", path: ["ended_at"], params: { key: "camera_controller.ended_before_started" } });
    }
  });

export const heartbeatAnswer = z.object({
  data: z.object({
    configuration: z.number().int(),
    status: reportedStatus,
    last_heartbeat_at: z.string(),
    cameras: z.array(z.object({ technical_name: z.string(), status: reportedStatus })),
  }),
});

/**
 * The match as the report left it: `live` with the URL it keeps; for a match already recorded
 * (processing, vod) the report changed nothing, and `live_hls_url` is the one it had.
 */
export const streamReadyAnswer = z.object({
  data: z.object({ match: z.number().int(), status: z.enum(MatchStatus), live_hls_url: z.string().nullable() }),
});

export const recordingFinishedAnswer = z.object({
  data: z.union([
    z.object({
      /**
       * `vod` with its video; or `processing` with `recording_problem` `no_video` when the recording
       * finished without one (vod_hls_url null): such a match is never offered on demand.
       */
      match: z.object({
        id: z.number().int(),
        status: z.enum(MatchStatus),
        vod_hls_url: z.string().nullable(),
        recording_problem: z.enum(RecordingProblem).nullable(),
      }),
    }),
    z.object({
      offline_recording: z.object({
        id: z.number().int(),
        club: z.number().int(),
        field: namedRecord.nullable(),
        start_time: z.string(),
        end_time: z.string(),
        vod_hls_url: z.string().nullable(),
      }),
    }),
  ]),
});

export type TokenRequest = z.output<typeof tokenRequest>;
export type HeartbeatInput = z.output<typeof heartbeatInput>;
export type StreamReadyInput = z.output<typeof streamReadyInput>;
export type RecordingFinishedInput = z.output<typeof recordingFinishedInput>;
export type HeartbeatAnswer = z.infer<typeof heartbeatAnswer>;
export type StreamReadyAnswer = z.infer<typeof streamReadyAnswer>;
export type RecordingFinishedAnswer = z.infer<typeof recordingFinishedAnswer>;
