import type { Prisma } from "@clubcast/db";
import type { SuggestionAnswer } from "./schemas.ts";

export const suggestionSelect = {
  id: true,
  matchId: true,
  timeMs: true,
  kind: true,
  confidence: true,
  state: true,
  markerId: true,
} satisfies Prisma.MomentSuggestionSelect;
export type SuggestionRow = Prisma.MomentSuggestionGetPayload<{ select: typeof suggestionSelect }>;

export function presentSuggestion(row: SuggestionRow): SuggestionAnswer {
  return {
    id: row.id,
    match: row.matchId,
    time_ms: row.timeMs,
    kind: row.kind,
    confidence: Math.round(row.confidence * 100) / 100,
    state: row.state,
    marker: row.markerId,
  };
}
