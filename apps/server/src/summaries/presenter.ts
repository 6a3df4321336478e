// How a summary looks in API answers; its media links follow the match's privacy.
import type { Prisma } from "@clubcast/db";
import type { MediaService } from "../media/service.ts";
import { presentRenderedVideo, renderedVideoSelect } from "../media/rendered-video.ts";
import type { SummaryAnswer } from "./schemas.ts";

export const summarySelect = renderedVideoSelect satisfies Prisma.SummarySelect;
export type SummaryRow = Prisma.SummaryGetPayload<{ select: typeof summarySelect }>;

export function presentSummary(summary: SummaryRow, media: MediaService): SummaryAnswer {
  // The last built files stay until the next build replaces them, whatever the state of that build.
  return presentRenderedVideo(summary, media, true);
}
