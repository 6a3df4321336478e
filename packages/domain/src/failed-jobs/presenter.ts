import type { Job } from "bullmq";
import type { FailedJob } from "./schemas.ts";

export function presentFailedJob(queue: string, job: Job): FailedJob {
  return {
    queue,
    id: job.id ?? "",
    name: job.name,
    data: job.data as Record<string, unknown>,
    failed_reason: job.failedReason ?? "",
    attempts_made: job.attemptsMade,
    max_attempts: job.opts.attempts ?? 1,
    created_at: new Date(job.timestamp).toISOString(),
    failed_at: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
  };
}
