import { z } from "zod";
import { pagedSchema } from "../core/pagination.ts";

export const failedJob = z.object({
  queue: z.string(),
  id: z.string(),
  name: z.string(),
  data: z.record(z.string(), z.unknown()),
  failed_reason: z.string(),
  attempts_made: z.number().int(),
  max_attempts: z.number().int(),
  created_at: z.string(),
  failed_at: z.string().nullable(),
});
export type FailedJob = z.infer<typeof failedJob>;
export const failedJobsAnswer = pagedSchema(failedJob);
