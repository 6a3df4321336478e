// Matches, as one service of three parts: queries (public and dashboard lists,
// detail), commands (creating, editing, sharing, camera commands, scores,
// deletion) and the outcomes of their jobs, which the worker reports.
import type { Deps } from "../deps.ts";
import type { MediaService } from "../media/service.ts";
import { createMatchCommands } from "./commands.ts";
import { createMatchJobOutcomes } from "./job-outcomes.ts";
import { createMatchQueries } from "./queries.ts";

export function createMatchesService(deps: Deps, { media }: { media: MediaService }) {
  return {
    ...createMatchQueries(deps, media),
    ...createMatchCommands(deps, media),
    ...createMatchJobOutcomes(deps),
  };
}

export type MatchesService = ReturnType<typeof createMatchesService>;
