// Paged lists (spec section 7): page and limit default 1 and 20, limit capped at
// 100; answers are {data, meta: {current_page, last_page, per_page, total, from, to}}.
import { z } from "zod";
import { PAGINATION } from "@clubcast/shared";
import { idParam, integerParam } from "./schemas.ts";

function pageQueryWithDefault(defaultLimit: number) {
  return z.strictObject({
    page: integerParam(1).default(PAGINATION.defaultPage),
    limit: integerParam(1, PAGINATION.maxLimit).default(defaultLimit),
  });
}

export const pageQuery = pageQueryWithDefault(PAGINATION.defaultLimit);
/** Live and upcoming stream lists default to 10 a page. */
export const streamsPageQuery = pageQueryWithDefault(PAGINATION.streamsLimit);
export type PageQuery = z.infer<typeof pageQuery>;
/** A club's paged list: the club's id (a path param on REST) alongside page and limit. */
export const clubPageInput = pageQuery.extend({ club: idParam });

export interface PageMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
}

export interface Paged<T> {
  data: T[];
  meta: PageMeta;
  /** The spec's "No … found" text, on an empty page (core/answers.ts). */
  message?: string;
}

export function pageWindow({ page, limit }: PageQuery): { skip: number; take: number } {
  return { skip: (page - 1) * limit, take: limit };
}

export function paged<T>(data: T[], total: number, { page, limit }: PageQuery, emptyMessage?: string): Paged<T> {
  const from = data.length ? (page - 1) * limit + 1 : null;
  return {
    data,
    ...(data.length === 0 && emptyMessage !== undefined ? { message: emptyMessage } : {}),
    meta: {
      current_page: page,
      last_page: Math.max(1, Math.ceil(total / limit)),
      per_page: limit,
      total,
      from,
      to: from === null ? null : from + data.length - 1,
    },
  };
}

/** The zod shape of a paged answer, for the OpenAPI document. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    message: z.string().optional(),
    meta: z.object({
      current_page: z.number().int(),
      last_page: z.number().int(),
      per_page: z.number().int(),
      total: z.number().int(),
      from: z.number().int().nullable(),
      to: z.number().int().nullable(),
    }),
  });
}
