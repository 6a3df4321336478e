// Failed jobs of every queue, for system admins: BullMQ keeps a job after its
// last attempt failed, with the reason, so someone can see what never happened.
import { z } from "zod";
import type { Job, Queue } from "bullmq";
import type { Deps } from "../deps.ts";
import type { RequestContext } from "../core/context.ts";
import { authorize } from "../core/policy.ts";
import { paged, pagedSchema, type PageQuery, type Paged } from "../core/pagination.ts";

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

function presentFailedJob(queue: string, job: Job): FailedJob {
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

const failedTime = (job: FailedJob) => (job.failed_at ? Date.parse(job.failed_at) : 0);

export function createFailedJobsService({ jobs }: Deps) {
  const queues: Queue[] = [jobs.cameraCommands, jobs.assetUpdates, jobs.matchTimers, jobs.clipCuts];

  /** GET /v1/monitoring/failed-jobs: the failed jobs of all queues, the latest failure first. */
  async function list(page: PageQuery, ctx: RequestContext): Promise<Paged<FailedJob>> {
    authorize(ctx, "monitoring");
    // Each queue's newest failures up to the end of the page are enough to merge that page.
    const upTo = page.page * page.limit;
    const [counts, newest] = await jobs.viaRedis(() =>
      Promise.all([
        Promise.all(queues.map((queue) => queue.getFailedCount())),
        Promise.all(queues.map((queue) => queue.getFailed(0, upTo - 1))),
      ]),
    );
    const merged = newest
      .flatMap((found, i) => found.filter(Boolean).map((job) => presentFailedJob(queues[i]!.name, job)))
      .sort((a, b) => failedTime(b) - failedTime(a));
    const total = counts.reduce((sum, count) => sum + count, 0);
    return paged(merged.slice(upTo - page.limit, upTo), total, page);
  }

  return { list };
}

export type FailedJobsService = ReturnType<typeof createFailedJobsService>;
