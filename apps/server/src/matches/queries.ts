// Reading matches: the public and dashboard lists and a match's detail.
import { LIST_STATUS_MEMBERS, RECORDED_MATCH_STATUSES, type ListStatus } from "@clubcast/shared";
import type { Prisma, PrismaClient } from "@clubcast/db";
import type { Deps } from "../deps.ts";
import type { RequestContext } from "../core/context.ts";
import { NotFoundError } from "../core/errors.ts";
import type { MessageKey } from "../core/i18n.ts";
import { paged, pageWindow, type Paged, type PageQuery } from "../core/pagination.ts";
import { authorize, clubScopeOf } from "../core/policy.ts";
import type { MediaService } from "../media/service.ts";
import { matchAnswer, storedMatchAnswers } from "./answers.ts";
import { matchColumns, withMediaLinks, type MatchRow } from "./presenter.ts";
import type { MatchAnswer, MatchListQuery } from "./schemas.ts";
import { clubMatches, matchesInvolving, recordedMatchesOf, visibleMatches } from "./visibility.ts";

/** A match the caller may see, or 404. */
export async function findVisibleMatch(prisma: PrismaClient, ctx: RequestContext, id: number): Promise<MatchRow> {
  const match = await prisma.match.findFirst({ where: { id, ...visibleMatches(ctx) }, select: matchColumns });
  if (!match) throw new NotFoundError("not_found.match");
  return match;
}

const inList = (list: ListStatus): Prisma.MatchWhereInput => ({ status: { in: [...LIST_STATUS_MEMBERS[list]] } });
/** Upcoming lists show the soonest first; live and on-demand lists the latest first. */
const orderOf = (list: ListStatus): Prisma.SortOrder => (list === "upcoming" ? "asc" : "desc");

const CLUB_LIST_EMPTY: Record<"live" | "upcoming", MessageKey> = {
  live: "not_found.matches_live",
  upcoming: "not_found.matches_upcoming",
};

export function createMatchQueries(deps: Deps, media: MediaService) {
  const { prisma, readCache } = deps;

  /**
   * One page of a match list. Lists are the platform's most read answers (every
   * visitor of the public site asks for them), so pages are kept in the read
   * cache until a write changes matches, clubs, teams, fields or sports. Their
   * total, the costly part, is kept apart: a new score leaves it counted.
   */
  async function listPage(
    where: Prisma.MatchWhereInput,
    direction: Prisma.SortOrder,
    page: PageQuery,
    emptyKey?: MessageKey,
  ): Promise<Paged<MatchAnswer>> {
    const list = JSON.stringify(where);
    const answer = await readCache.remember("match_lists", JSON.stringify([list, direction, page]), async () => {
      const [data, total] = await Promise.all([
        prisma.match
          .findMany({
            where,
            select: matchColumns,
            orderBy: [{ startingAt: direction }, { id: direction }],
            ...pageWindow(page),
          })
          .then((rows) => storedMatchAnswers(prisma, rows)),
        readCache.remember("match_counts", list, () => prisma.match.count({ where })),
      ]);
      return paged(data, total, page);
    });
    // Club-bound dashboard lists answer the spec's 'No … found' when empty.
    if (emptyKey && answer.data.length === 0) throw new NotFoundError(emptyKey);
    // Media links are made now, never cached: signatures expire, posters appear without a database write.
    return { ...answer, data: answer.data.map((match) => withMediaLinks(match, media)) };
  }

  /** GET /v1/matches: public matches of a list status, optionally of one sport or club. */
  function list(query: MatchListQuery): Promise<Paged<MatchAnswer>> {
    const where: Prisma.MatchWhereInput = {
      ...inList(query.status),
      isPrivate: false,
      ...(query.sport ? { field: { sport: { slug: query.sport } } } : {}),
      ...(query.club ? matchesInvolving(query.club) : {}),
    };
    return listPage(where, orderOf(query.status), query);
  }

  async function byId(id: number, ctx: RequestContext): Promise<MatchAnswer> {
    return matchAnswer(prisma, media, await findVisibleMatch(prisma, ctx, id));
  }

  /** The dashboard Streams page: every live or upcoming match (a club admin's: their club's), private ones included. */
  function streams(list: "live" | "upcoming", page: PageQuery, ctx: RequestContext) {
    const club = clubScopeOf(authorize(ctx, "streams"));
    return listPage(club === null ? inList(list) : { ...inList(list), ...clubMatches(club) }, orderOf(list), page);
  }

  /** A club's live or upcoming matches for its members, private and shared ones included. */
  function clubList(clubId: number, list: "live" | "upcoming", page: PageQuery, ctx: RequestContext) {
    authorize(ctx, "dashboard", clubId, CLUB_LIST_EMPTY[list]);
    return listPage({ ...inList(list), ...clubMatches(clubId) }, orderOf(list), page, CLUB_LIST_EMPTY[list]);
  }

  /** The public club page: a club's public live or upcoming matches. */
  function clubPublicList(clubId: number, list: "live" | "upcoming", page: PageQuery) {
    return listPage({ ...inList(list), isPrivate: false, ...matchesInvolving(clubId) }, orderOf(list), page);
  }

  function clubUnscheduled(clubId: number, page: PageQuery, ctx: RequestContext) {
    authorize(ctx, "scheduler", clubId, "not_found.matches_unscheduled");
    return listPage({ clubId, status: "unscheduled" }, "asc", page, "not_found.matches_unscheduled");
  }

  function clubRecorded(clubId: number, page: PageQuery, ctx: RequestContext) {
    authorize(ctx, "recorded", clubId, "not_found.recorded");
    const where = { status: { in: [...RECORDED_MATCH_STATUSES] }, ...recordedMatchesOf(clubId) };
    return listPage(where, "desc", page, "not_found.recorded");
  }

  return {
    list,
    byId,
    liveStreams: (page: PageQuery, ctx: RequestContext) => streams("live", page, ctx),
    upcomingStreams: (page: PageQuery, ctx: RequestContext) => streams("upcoming", page, ctx),
    clubLive: (clubId: number, page: PageQuery, ctx: RequestContext) => clubList(clubId, "live", page, ctx),
    clubUpcoming: (clubId: number, page: PageQuery, ctx: RequestContext) => clubList(clubId, "upcoming", page, ctx),
    clubPublicLive: (clubId: number, page: PageQuery) => clubPublicList(clubId, "live", page),
    clubPublicUpcoming: (clubId: number, page: PageQuery) => clubPublicList(clubId, "upcoming", page),
    clubUnscheduled,
    clubRecorded,
  };
}
