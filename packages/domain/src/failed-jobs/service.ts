// Failed jobs of every queue, for system admins: BullMQ keeps a job after its
// last attempt failed, with the reason, so someone can see what never happened.
import type { Deps } from "../deps.ts";
import type { RequestContext } from "../core/context.ts";
import { translate } from "../core/i18n.ts";
import { authorize } from "../core/policy.ts";
import { paged, type PageQuery, type Paged } from "../core/pagination.ts";
import { presentFailedJob } from "./presenter.ts";
import type { FailedJob } from "./schemas.ts";

const failedTime = (job: FailedJob) => (job.failed_at ? Date.parse(job.failed_at) : 0);

export function createFailedJobsService({ jobs }: Deps) {
  const queues = jobs.allQueues;

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
    return paged(merged.slice(upTo - page.limit, upTo), total, page, translate(ctx.locale, "not_found.failed_jobs"));
  }

  return { list };
}

export type FailedJobsService = ReturnType<typeof createFailedJobsService>;
