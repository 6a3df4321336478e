import { z } from "zod";
import { pagedSchema } from "../core/pagination.ts";
import { idParam } from "../core/schemas.ts";
import { writeAnswer } from "../core/answers.ts";
import { createMatchInput, matchSchema } from "../matches/schemas.ts";

export const recordingParams = z.strictObject({ club: idParam, recording: idParam });

/**
 * The match made from a recording takes the recording's dates, field and
 * configuration; the body carries the other editing fields.
 */
export const recordingToMatchInput = createMatchInput.omit({
  club: true,
  field: true,
  date: true,
  datestop: true,
  start: true,
  stop: true,
  is_scheduled: true,
});

export const offlineRecordingAnswer = z.object({
  id: z.number().int(),
  club_id: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
  field: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  configuration_id: z.number().int().nullable(),
  vod_hls_url: z.string().nullable(),
  match_id: z.number().int().nullable(),
});
export const pagedOfflineRecordings = pagedSchema(offlineRecordingAnswer);
export const recordingMatchAnswer = writeAnswer(matchSchema);

export type RecordingToMatchInput = z.infer<typeof recordingToMatchInput>;
export type OfflineRecordingAnswer = z.infer<typeof offlineRecordingAnswer>;
