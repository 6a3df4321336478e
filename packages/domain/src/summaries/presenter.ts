// How a summary looks in API answers; its media links follow the match's privacy.
import { SUMMARY_TITLE_CARD_MS } from "@clubcast/shared";
import type { Prisma } from "@clubcast/db";
import type { MediaService } from "../media/service.ts";
import { presentRenderedVideo, renderedVideoSelect } from "../media/rendered-video.ts";
import type { SummaryAnswer } from "./schemas.ts";

/** The clips a summary is built from: its match's ready ones. */
export const readyClips = { state: "ready", videoPath: { not: null } } as const satisfies Prisma.ClipWhereInput;

/** Its match's clips still to be cut: each one that turns ready has the summary built again with it. */
const clipsBeingCut = { state: { in: ["queued", "cutting"] } } as const satisfies Prisma.ClipWhereInput;

export const summarySelect = {
  ...renderedVideoSelect,
  match: {
    select: {
      ...renderedVideoSelect.match.select,
      clips: { where: readyClips, select: { startMs: true, endMs: true } },
      _count: { select: { clips: { where: clipsBeingCut } } },
    },
  },
} satisfies Prisma.SummarySelect;
export type SummaryRow = Prisma.SummaryGetPayload<{ select: typeof summarySelect }>;

export function presentSummary(summary: SummaryRow, media: MediaService): SummaryAnswer {
  // The last built files stay until the next build replaces them, whatever the state of that build.
  const clipsMs = summary.match.clips.reduce((sum, clip) => sum + clip.endMs - clip.startMs, 0);
  return {
    ...presentRenderedVideo(summary, media, true),
    // What a build of the ready clips lasts: the title card, then each clip.
    length_ms: summary.state === "ready" ? SUMMARY_TITLE_CARD_MS + clipsMs : null,
    clips_waiting: summary.match._count.clips,
  };
}
