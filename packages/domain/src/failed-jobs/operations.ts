import { domain } from "../core/operation.ts";
import { pageQuery } from "../core/pagination.ts";
import { failedJobsAnswer } from "./schemas.ts";
import { createFailedJobsService } from "./service.ts";

export default domain(createFailedJobsService, (op) => ({
  list: op.query({
    auth: "user",
    summary: "Jobs of every queue whose last attempt failed (system admins)",
    rest: { method: "GET", path: "/v1/monitoring/failed-jobs" },
    input: pageQuery,
    output: failedJobsAnswer,
    run: (failedJobs, page, caller) => failedJobs.list(page, caller),
  }),
}));
