// Matches, as one service of three parts: queries (public and dashboard lists,
// detail), commands (creating, editing, sharing, camera commands, scores,
// deletion), the outcomes of their jobs, which the worker reports, and the sweep that
// stops overdue live matches.
import type { Deps } from "../deps.ts";
import type { MediaService } from "../media/service.ts";
import type { MediaGatewayService } from "../media-gateway/service.ts";
import { createMatchCommands } from "./commands.ts";
import { createMatchJobOutcomes } from "./job-outcomes.ts";
import { createOverdueMatches } from "./overdue.ts";
import { createMatchQueries } from "./queries.ts";

export function createMatchesService(
  deps: Deps,
  { media, mediaGateway }: { media: MediaService; mediaGateway: MediaGatewayService },
) {
  const outcomes = createMatchJobOutcomes(deps);
  return {
    ...createMatchQueries(deps, media),
    ...createMatchCommands(deps, media),
    ...outcomes,
    ...createOverdueMatches(deps, { publishers: mediaGateway, endWithoutCamera: outcomes.endWithoutCamera }),
  };
}

export type MatchesService = ReturnType<typeof createMatchesService>;
