// What clips and summaries share: a video the worker renders from a match's
// on-demand video, with its state, progress, files and match, as rows load it
// and as answers show it. Its links follow the match's privacy.
import { z } from "zod";
import type { Prisma } from "@clubcast/db";
import type { MediaService } from "./service.ts";

export const renderState = z.enum(["queued", "cutting", "ready", "failed"]);

/** The answer fields of a rendered video; each domain adds its own. */
export const renderedVideoFields = {
  id: z.number().int(),
  match: z.object({
    id: z.number().int(),
    home_team: z.number().int().nullable(),
    away_team: z.number().int().nullable(),
  }),
  state: renderState,
  /** Percent done while it renders. */
  progress: z.number().int(),
  failure_reason: z.string().nullable(),
  /** The MP4, signed for a private match. */
  video_url: z.string().nullable(),
  poster_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
};

/** The columns every rendered video is loaded with. */
export const renderedVideoSelect = {
  id: true,
  state: true,
  progress: true,
  failureReason: true,
  videoPath: true,
  posterPath: true,
  createdAt: true,
  updatedAt: true,
  match: { select: { id: true, isPrivate: true, homeTeamId: true, awayTeamId: true } },
} satisfies Prisma.ClipSelect & Prisma.SummarySelect;

type RenderedVideoRow = Prisma.ClipGetPayload<{ select: typeof renderedVideoSelect }>;

/** The shared answer fields; `showFiles` false hides files that belong to no finished render. */
export function presentRenderedVideo(row: RenderedVideoRow, media: MediaService, showFiles: boolean) {
  const [videoUrl, posterUrl] = media.matchFileUrls(
    { id: row.match.id, is_private: row.match.isPrivate },
    showFiles ? [row.videoPath, row.posterPath] : [null, null],
  );
  return {
    id: row.id,
    match: { id: row.match.id, home_team: row.match.homeTeamId, away_team: row.match.awayTeamId },
    state: row.state,
    progress: row.progress,
    failure_reason: row.failureReason,
    video_url: videoUrl ?? null,
    poster_url: posterUrl ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
