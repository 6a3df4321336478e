// How a clip looks in API answers; its media links follow the match's privacy.
import type { Prisma } from "@clubcast/db";
import type { MediaService } from "../media/service.ts";
import type { ClipAnswer } from "./schemas.ts";

export const clipSelect = {
  id: true,
  startMs: true,
  endMs: true,
  custom: true,
  frameRate: true,
  state: true,
  progress: true,
  failureReason: true,
  videoPath: true,
  posterPath: true,
  createdAt: true,
  updatedAt: true,
  marker: { select: { id: true, label: true, timeMs: true } },
  match: { select: { id: true, isPrivate: true, homeTeamId: true, awayTeamId: true } },
} satisfies Prisma.ClipSelect;
export type ClipRow = Prisma.ClipGetPayload<{ select: typeof clipSelect }>;

export function presentClip(clip: ClipRow, media: MediaService): ClipAnswer {
  const ready = clip.state === "ready";
  const [videoUrl, posterUrl] = media.matchFileUrls(
    { id: clip.match.id, is_private: clip.match.isPrivate },
    ready ? [clip.videoPath, clip.posterPath] : [null, null],
  );
  return {
    id: clip.id,
    marker: { id: clip.marker.id, label: clip.marker.label, time_ms: clip.marker.timeMs },
    match: { id: clip.match.id, home_team: clip.match.homeTeamId, away_team: clip.match.awayTeamId },
    start_ms: clip.startMs,
    end_ms: clip.endMs,
    length_ms: clip.endMs - clip.startMs,
    frame_rate: clip.frameRate,
    custom: clip.custom,
    state: clip.state,
    progress: clip.progress,
    failure_reason: clip.failureReason,
    video_url: videoUrl ?? null,
    poster_url: posterUrl ?? null,
    created_at: clip.createdAt.toISOString(),
    updated_at: clip.updatedAt.toISOString(),
  };
}
