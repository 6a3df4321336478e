// How a clip looks in API answers; its media links follow the match's privacy.
import type { Prisma } from "@clubcast/db";
import type { LocaleCode } from "@clubcast/shared";
import { goalMarkerSelect, markerLabel } from "../moments/titles.ts";
import type { MediaService } from "../media/service.ts";
import { presentRenderedVideo, renderedVideoSelect } from "../media/rendered-video.ts";
import type { ClipAnswer } from "./schemas.ts";

export const clipSelect = {
  ...renderedVideoSelect,
  startMs: true,
  endMs: true,
  custom: true,
  frameRate: true,
  marker: { select: { id: true, ...goalMarkerSelect } },
} satisfies Prisma.ClipSelect;
export type ClipRow = Prisma.ClipGetPayload<{ select: typeof clipSelect }>;

/** A clip in `locale`: a goal's is titled in it. */
export function presentClip(clip: ClipRow, media: MediaService, locale: LocaleCode): ClipAnswer {
  return {
    // Only a ready clip's files are its current window's.
    ...presentRenderedVideo(clip, media, clip.state === "ready"),
    marker: { id: clip.marker.id, label: markerLabel(clip.marker, locale), time_ms: clip.marker.timeMs },
    start_ms: clip.startMs,
    end_ms: clip.endMs,
    length_ms: clip.endMs - clip.startMs,
    frame_rate: clip.frameRate,
    custom: clip.custom,
  };
}
