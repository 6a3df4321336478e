// Teams: a club's teams (its members read them, administrators with the
// 'teams' section add and delete them) and a sport's teams across clubs of a
// country, for picking an opponent.
import { teamName, teamNameKey } from "@clubcast/shared";
import type { Prisma } from "@clubcast/db";
import type { Deps } from "../deps.ts";
import type { RequestContext } from "../core/context.ts";
import { deleted, listOf, written } from "../core/answers.ts";
import { NotFoundError, ValidationError } from "../core/errors.ts";
import { translate } from "../core/i18n.ts";
import { authorize, isInClub, requireUser } from "../core/policy.ts";
import { sportWhere } from "../sports/service.ts";
import type { SportRef } from "../sports/schemas.ts";
import { presentTeam, teamWithNames } from "./presenter.ts";
import type { ClubTeamsQuery, CreateTeamInput, SportTeamsQuery } from "./schemas.ts";

const byName = [
  { fullname: "asc" },
  { addition: "asc" },
  { id: "asc" },
] satisfies Prisma.TeamOrderByWithRelationInput[];

export function createTeamsService({ prisma }: Deps) {
  async function existingClub(clubId: number) {
    const club = await prisma.club.findUnique({ where: { id: clubId }, select: { id: true, sportId: true } });
    if (!club) throw new NotFoundError("not_found.club");
    return club;
  }

  async function listed(where: Prisma.TeamWhereInput, ctx: RequestContext) {
    const teams = await prisma.team.findMany({ where, include: teamWithNames, orderBy: byName });
    return listOf(teams.map(presentTeam), translate(ctx.locale, "not_found.teams"));
  }

  async function listOfClub(clubId: number, query: ClubTeamsQuery, ctx: RequestContext) {
    requireUser(ctx);
    if (!isInClub(ctx.user, clubId)) throw new NotFoundError("not_found.club");
    await existingClub(clubId);
    return listed({ clubId, ...(query.is_custom === undefined ? {} : { isCustom: query.is_custom }) }, ctx);
  }

  async function listOfSport(ref: SportRef, query: SportTeamsQuery, ctx: RequestContext) {
    requireUser(ctx);
    const sport = await prisma.sport.findUnique({ where: sportWhere(ref), select: { id: true } });
    if (!sport) throw new NotFoundError("not_found.sports");
    return listed({ sportId: sport.id, ...(query.country ? { club: { countryShort: query.country } } : {}) }, ctx);
  }

  /** Two teams of one club never share a name (as teamName composes it, case and spacing aside). */
  async function assertNameFree(clubId: number, input: CreateTeamInput) {
    const wanted = teamNameKey(input);
    const teams = await prisma.team.findMany({ where: { clubId }, select: { fullname: true, addition: true } });
    const taken = teams.find((team) => teamNameKey(team) === wanted);
    if (taken) throw ValidationError.field("fullname", "teams.name_taken", { name: teamName(taken) });
  }

  async function create(clubId: number, input: CreateTeamInput, ctx: RequestContext) {
    authorize(ctx, "teams", clubId, "not_found.club");
    const club = await existingClub(clubId);
    const sportId = input.sport ?? club.sportId;
    const [sport, parent] = await Promise.all([
      prisma.sport.findUnique({ where: { id: sportId }, select: { id: true } }),
      input.parent ? prisma.team.findFirst({ where: { id: input.parent, clubId }, select: { id: true } }) : null,
    ]);
    if (!sport) throw ValidationError.field("sport", "validation.invalid_value");
    // A parent team must be one of the same club's.
    if (input.parent && !parent) throw ValidationError.field("parent", "validation.invalid_value");
    await assertNameFree(clubId, input);
    const team = await prisma.team.create({
      data: {
        clubId,
        fullname: input.fullname,
        addition: input.addition || null,
        parentId: input.parent ?? null,
        sportId,
        isCustom: input.is_custom,
      },
      include: teamWithNames,
    });
    return written(presentTeam(team), translate(ctx.locale, "teams.created"));
  }

  async function remove(clubId: number, teamId: number, ctx: RequestContext) {
    authorize(ctx, "teams", clubId, "not_found.club");
    const { count } = await prisma.team.deleteMany({ where: { id: teamId, clubId } });
    if (count === 0) throw new NotFoundError("not_found.team");
    return deleted(teamId, translate(ctx.locale, "teams.deleted"));
  }

  return { listOfClub, listOfSport, create, remove };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
