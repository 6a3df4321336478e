import { z } from "zod";
import { LOCALES } from "@clubcast/shared";
import { pageQuery, pagedSchema } from "../core/pagination.ts";
import { writeAnswer } from "../core/answers.ts";
import { text } from "../core/schemas.ts";

export const featureUpdatesQuery = pageQuery;

/** Content markup (rendered by the client): [break], ##heading##, *bold*, _italic_. */
export const createFeatureUpdateInput = z.strictObject({
  lang: z.enum(LOCALES),
  content: text(20_000).min(1),
});

const notification = z.object({
  id: z.number().int(),
  lang: z.enum(LOCALES),
  content: z.string(),
  created_at: z.string(),
});
export const featureUpdatesAnswer = pagedSchema(notification);
export const featureUpdateAnswer = writeAnswer(notification);

export type CreateFeatureUpdateInput = z.infer<typeof createFeatureUpdateInput>;
