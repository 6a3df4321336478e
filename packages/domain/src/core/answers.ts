// The one answer convention of every operation (README, "Answers"), as zod shapes
// for the declarations and as values for the services:
//   a single resource  {data}
//   a list             {data, meta} (paged) or {data} (complete), plus `message` when empty
//   a write            {data, message}, plus job_ids where it started jobs
// Protocol answers (sign-in tokens, the broadcast authorization, the camera and
// media-gateway calls) keep the shapes their protocols define.
import { z } from "zod";

/** One resource: `{data}`. */
export const resourceAnswer = <T extends z.ZodType>(item: T) => z.object({ data: item });

/** A complete (unpaged) list: `{data}`, with the spec's "No … found" text in `message` when empty. */
export const listAnswer = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), message: z.string().optional() });

/** A write: what it made or changed, and the sentence the client shows. */
export const writeAnswer = <T extends z.ZodType>(item: T) => z.object({ data: item, message: z.string() });

/** A write that started jobs: their ids, to follow them in monitoring. */
export const jobsAnswer = <T extends z.ZodType>(item: T) => writeAnswer(item).extend({ job_ids: z.array(z.string()) });

/** A deletion: which record went. */
export const deletedAnswer = writeAnswer(z.object({ id: z.number().int() }));

/** A write with nothing to show but its message (sign-out, password reset…). */
export const doneAnswer = writeAnswer(z.null());

export interface Written<T> {
  data: T;
  message: string;
}

export const written = <T>(data: T, message: string): Written<T> => ({ data, message });
/** A write that started jobs (jobsAnswer). */
export const started = <T>(data: T, message: string, jobIds: string[]): Written<T> & { job_ids: string[] } => ({
  data,
  message,
  job_ids: jobIds,
});
export const deleted = (id: number, message: string): Written<{ id: number }> => ({ data: { id }, message });
export const done = (message: string): Written<null> => ({ data: null, message });

/** A complete list, with `message` when it is empty. */
export function listOf<T>(data: T[], emptyMessage: string): { data: T[]; message?: string } {
  return data.length ? { data } : { data, message: emptyMessage };
}
