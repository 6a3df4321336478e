// A goal marker's title, in the viewer's language, from the facts: its score, who scored (team, else
// club), its minute of play where the marker is now (the owning club's half length and break).
import { goalTitle, minuteOfPlay, type LocaleCode } from "@clubcast/shared";
import type { Prisma } from "@clubcast/db";
import { sideName } from "../media/rendered-video.ts";

export const timingSelect = { goalEntryDelayS: true, halfLengthMin: true, halfTimeBreakMin: true } as const;

/** What titling a goal marker reads: its event's facts, the sides' names and the owning club's timing. */
export const goalMarkerSelect = {
  timeMs: true,
  label: true,
  scoreEvent: {
    select: {
      homeScore: true,
      awayScore: true,
      side: true,
      match: {
        select: {
          homeTeam: { select: { fullname: true } },
          awayTeam: { select: { fullname: true } },
          homeClub: { select: { name: true } },
          awayClub: { select: { name: true } },
          club: { select: timingSelect },
        },
      },
    },
  },
} satisfies Prisma.MarkerSelect;
type GoalMarkerRow = Prisma.MarkerGetPayload<{ select: typeof goalMarkerSelect }>;

/** A marker's label as the viewer reads it: a goal's title in their language, anyone else's label as written. */
export function markerLabel(marker: GoalMarkerRow, locale: LocaleCode): string {
  const event = marker.scoreEvent;
  if (!event?.side) return marker.label;
  const sides = event.match;
  const scorer =
    (event.side === "home" ? sideName(sides.homeTeam, sides.homeClub) : sideName(sides.awayTeam, sides.awayClub)) ?? "";
  return goalTitle(
    {
      homeScore: event.homeScore,
      awayScore: event.awayScore,
      scorer,
      minute: minuteOfPlay(marker.timeMs, sides.club),
    },
    locale,
  );
}
