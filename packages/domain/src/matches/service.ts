// Matches, as one service of three parts: queries (public and dashboard lists,
// detail), commands (creating, editing, sharing, camera commands, scores,
// deletion), the outcomes of their jobs, which the worker reports, the sweep that
// stops overdue live matches, and the work after a recording (its download).
import type { Deps } from "../deps.ts";
import type { MediaService } from "../media/service.ts";
import type { MediaGatewayService } from "../media-gateway/service.ts";
import type { MomentsService } from "../moments/service.ts";
import { createMatchCommands } from "./commands.ts";
import { createMatchJobOutcomes } from "./job-outcomes.ts";
import { createOverdueMatches } from "./overdue.ts";
import { createMatchQueries } from "./queries.ts";
import { createRecordingWork } from "./recording-work.ts";

export function createMatchesService(
  deps: Deps,
  { media, mediaGateway, moments }: { media: MediaService; mediaGateway: MediaGatewayService; moments: MomentsService },
) {
  const outcomes = createMatchJobOutcomes(deps);
  return {
    ...createMatchQueries(deps, media),
    ...createMatchCommands(deps, media, moments),
    ...outcomes,
    ...createRecordingWork(deps),
    ...createOverdueMatches(deps, { publishers: mediaGateway, endWithoutCamera: outcomes.endWithoutCamera }),
  };
}

export type MatchesService = ReturnType<typeof createMatchesService>;
