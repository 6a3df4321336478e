// How a summary looks in API answers; its media links follow the match's privacy.
import type { Prisma } from "@clubcast/db";
import type { MediaService } from "../media/service.ts";
import type { SummaryAnswer } from "./schemas.ts";

export const summarySelect = {
  id: true,
  state: true,
  progress: true,
  failureReason: true,
  videoPath: true,
  posterPath: true,
  createdAt: true,
  updatedAt: true,
  match: { select: { id: true, isPrivate: true, homeTeamId: true, awayTeamId: true } },
} satisfies Prisma.SummarySelect;
export type SummaryRow = Prisma.SummaryGetPayload<{ select: typeof summarySelect }>;

export function presentSummary(summary: SummaryRow, media: MediaService): SummaryAnswer {
  // The last built files stay until the next build replaces them, whatever the state of that build.
  const [videoUrl, posterUrl] = media.matchFileUrls({ id: summary.match.id, is_private: summary.match.isPrivate }, [
    summary.videoPath,
    summary.posterPath,
  ]);
  return {
    id: summary.id,
    match: { id: summary.match.id, home_team: summary.match.homeTeamId, away_team: summary.match.awayTeamId },
    state: summary.state,
    progress: summary.progress,
    failure_reason: summary.failureReason,
    video_url: videoUrl ?? null,
    poster_url: posterUrl ?? null,
    created_at: summary.createdAt.toISOString(),
    updated_at: summary.updatedAt.toISOString(),
  };
}
