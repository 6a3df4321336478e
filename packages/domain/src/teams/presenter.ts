// How a team looks in API answers (spec section 3, "Team").
import type { Prisma } from "@clubcast/db";
import { idAndName } from "../core/presenters.ts";
import { presentSport, sportSelect } from "../sports/presenter.ts";

export const teamWithNames = {
  club: idAndName,
  parent: { select: { id: true, fullname: true } },
  sport: { select: sportSelect },
} satisfies Prisma.TeamInclude;
export type TeamWithNames = Prisma.TeamGetPayload<{ include: typeof teamWithNames }>;

export function presentTeam(team: TeamWithNames) {
  return {
    id: team.id,
    fullname: team.fullname,
    addition: team.addition,
    parent: team.parent,
    sport: presentSport(team.sport),
    is_custom: team.isCustom,
    club: team.club,
  };
}
