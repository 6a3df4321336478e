// Reading matches: the public and dashboard lists and a match's detail.
import { LIST_STATUS_MEMBERS, RECORDED_MATCH_STATUSES, type ListStatus } from "@clubcast/shared";
import type { Prisma, PrismaClient } from "@clubcast/db";
import type { Deps } from "../deps.ts";
import type { RequestContext } from "../core/context.ts";
import { NotFoundError } from "../core/errors.ts";
import { translate, type MessageKey } from "../core/i18n.ts";
import { paged, pageWindow, type Paged, type PageQuery } from "../core/pagination.ts";
import { authorize, clubScopeOf, requireClub } from "../core/policy.ts";
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

/** The spec's 'No … found' text of an empty list, by list status. */
const EMPTY_LIST: Record<ListStatus, MessageKey> = {
  live: "not_found.matches_live",
  upcoming: "not_found.matches_upcoming",
  vod: "not_found.recorded",
};

export function createMatchQueries(deps: Deps, media: MediaService) {
  const { prisma, readCache } = deps;

  /**
   * One page of a match list; empty, it says so in the caller's language (`emptyKey`).
   * Lists are the platform's most read answers (every visitor of the public site
   * asks for them), so pages are kept in the read cache until a write changes
   * matches, clubs, teams, fields or sports. Their total, the costly part, is kept
   * apart: a new score leaves it counted.
   */
  async function listPage(
    where: Prisma.MatchWhereInput,
    direction: Prisma.SortOrder,
    page: PageQuery,
    emptyKey: MessageKey,
    ctx: RequestContext,
  ): Promise<Paged<MatchAnswer>> {
    const list = JSON.stringify(where);
    const stored = await readCache.remember("match_lists", JSON.stringify([list, direction, page]), async () => {
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
      return { data, total };
    });
    // Media links are made now, never cached: signatures expire, posters appear without a database write.
    const data = stored.data.map((match) => withMediaLinks(match, media));
    return paged(data, stored.total, page, translate(ctx.locale, emptyKey));
  }

  /** A club's list for its members: an empty page of a club that doesn't exist is a 404. */
  async function clubListPage(
    clubId: number,
    where: Prisma.MatchWhereInput,
    direction: Prisma.SortOrder,
    page: PageQuery,
    emptyKey: MessageKey,
    ctx: RequestContext,
  ) {
    const answer = await listPage(where, direction, page, emptyKey, ctx);
    if (!answer.data.length) await requireClub(prisma, clubId);
    return answer;
  }

  /** GET /v1/matches: public matches of a list status, optionally of one sport or club. */
  function list(query: MatchListQuery, ctx: RequestContext): Promise<Paged<MatchAnswer>> {
    const where: Prisma.MatchWhereInput = {
      ...inList(query.status),
      isPrivate: false,
      ...(query.sport ? { field: { sport: { slug: query.sport } } } : {}),
      ...(query.club ? matchesInvolving(query.club) : {}),
    };
    return listPage(where, orderOf(query.status), query, EMPTY_LIST[query.status], ctx);
  }

  async function byId(id: number, ctx: RequestContext): Promise<{ data: MatchAnswer }> {
    return { data: await matchAnswer(prisma, media, await findVisibleMatch(prisma, ctx, id)) };
  }

  /** The dashboard Streams page: every live or upcoming match (a club admin's: their club's), private ones included. */
  function streams(list: "live" | "upcoming", page: PageQuery, ctx: RequestContext) {
    const club = clubScopeOf(authorize(ctx, "streams"));
    const where = club === null ? inList(list) : { ...inList(list), ...clubMatches(club) };
    return listPage(where, orderOf(list), page, EMPTY_LIST[list], ctx);
  }

  /** A club's live or upcoming matches for its members, private and shared ones included. */
  function clubList(clubId: number, list: "live" | "upcoming", page: PageQuery, ctx: RequestContext) {
    authorize(ctx, "dashboard", clubId, "not_found.club");
    const where = { ...inList(list), ...clubMatches(clubId) };
    return clubListPage(clubId, where, orderOf(list), page, EMPTY_LIST[list], ctx);
  }

  /** The public club page: a club's public live or upcoming matches. */
  function clubPublicList(clubId: number, list: "live" | "upcoming", page: PageQuery, ctx: RequestContext) {
    const where = { ...inList(list), isPrivate: false, ...matchesInvolving(clubId) };
    return listPage(where, orderOf(list), page, EMPTY_LIST[list], ctx);
  }

  function clubUnscheduled(clubId: number, page: PageQuery, ctx: RequestContext) {
    authorize(ctx, "scheduler", clubId, "not_found.club");
    const where = { clubId, status: "unscheduled" } as const;
    return clubListPage(clubId, where, "asc", page, "not_found.matches_unscheduled", ctx);
  }

  function clubRecorded(clubId: number, page: PageQuery, ctx: RequestContext) {
    authorize(ctx, "recorded", clubId, "not_found.club");
    const where = { status: { in: [...RECORDED_MATCH_STATUSES] }, ...recordedMatchesOf(clubId) };
    return clubListPage(clubId, where, "desc", page, "not_found.recorded", ctx);
  }

  return {
    list,
    byId,
    liveStreams: (page: PageQuery, ctx: RequestContext) => streams("live", page, ctx),
    upcomingStreams: (page: PageQuery, ctx: RequestContext) => streams("upcoming", page, ctx),
    clubLive: (clubId: number, page: PageQuery, ctx: RequestContext) => clubList(clubId, "live", page, ctx),
    clubUpcoming: (clubId: number, page: PageQuery, ctx: RequestContext) => clubList(clubId, "upcoming", page, ctx),
    clubPublicLive: (clubId: number, page: PageQuery, ctx: RequestContext) => clubPublicList(clubId, "live", page, ctx),
    clubPublicUpcoming: (clubId: number, page: PageQuery, ctx: RequestContext) =>
      clubPublicList(clubId, "upcoming", page, ctx),
    clubUnscheduled,
    clubRecorded,
  };
}
