// Reading matches: the public and dashboard lists and a match's detail.
import { LIST_STATUS_MEMBERS, RECORDED_MATCH_STATUSES, type ListStatus } from "@clubcast/shared";
import type { PrismaClient } from "@clubcast/db";
import type { Deps } from "../deps.ts";
import type { RequestContext } from "../core/context.ts";
import { NotFoundError } from "../core/errors.ts";
import { translate, type MessageKey } from "../core/i18n.ts";
import { paged, type Paged, type PageQuery } from "../core/pagination.ts";
import { authorize, clubScopeOf } from "../core/policy.ts";
import type { MediaService } from "../media/service.ts";
import { readListPage, readVisibleMatch, type MatchList } from "./list-page.ts";
import { matchColumns, presentMatch, withMediaLinks, type MatchRow } from "./presenter.ts";
import type { MatchAnswer, MatchListQuery, StoredMatchAnswer } from "./schemas.ts";
import { visibleCondition, visibleMatches, type ListAudience } from "./visibility.ts";

/** A match the caller may see, or 404. */
export async function findVisibleMatch(prisma: PrismaClient, ctx: RequestContext, id: number): Promise<MatchRow> {
  const match = await prisma.match.findFirst({ where: { id, ...visibleMatches(ctx) }, select: matchColumns });
  if (!match) throw new NotFoundError("not_found.match");
  return match;
}

/** Upcoming lists show the soonest first; live and on-demand lists the latest first. */
const directionOf = (list: ListStatus) => (list === "upcoming" ? "asc" : "desc");

/** The list of a list status, for an audience. */
function listOf(list: ListStatus, audience: ListAudience, clubId: number, publicOnly: boolean): MatchList {
  return { statuses: LIST_STATUS_MEMBERS[list], direction: directionOf(list), audience, clubId, publicOnly };
}

/** The spec's 'No … found' text of an empty list, by list status. */
const EMPTY_LIST: Record<ListStatus, MessageKey> = {
  live: "not_found.matches_live",
  upcoming: "not_found.matches_upcoming",
  vod: "not_found.recorded",
};

export function createMatchQueries(deps: Deps, media: MediaService) {
  const { pool, readCache } = deps;

  /**
   * A page of a match list as the read cache keeps it. Lists are the platform's
   * most read answers (every visitor of the public site asks for them), so pages
   * are kept until a write changes matches, clubs, teams, fields or sports. An
   * empty page of a club's list also tells whether the club exists (see
   * clubListPage), as exactly: creating or deleting a club is such a write.
   */
  function storedPage(list: MatchList, page: PageQuery, ctx: RequestContext) {
    const compute = async () => {
      const { rows, related, total, clubExists } = await readListPage(pool, list, page);
      return { data: rows.map((row) => presentMatch(row, related)), total, missingClub: !rows.length && !clubExists };
    };
    return readCache.remember("match_lists", JSON.stringify([list, page]), compute, ctx.cacheMoment);
  }

  /** One page of a match list; empty, it says so in the caller's language (`emptyKey`). */
  async function listPage(list: MatchList, page: PageQuery, emptyKey: MessageKey, ctx: RequestContext) {
    return answerOf(await storedPage(list, page, ctx), page, emptyKey, ctx);
  }

  function answerOf(
    stored: { data: readonly StoredMatchAnswer[]; total: number },
    page: PageQuery,
    emptyKey: MessageKey,
    ctx: RequestContext,
  ) {
    // Media links are made now, never cached: signatures expire, posters appear without a database write.
    const data = stored.data.map((match) => withMediaLinks(match, media));
    return paged(data, stored.total, page, translate(ctx.locale, emptyKey));
  }

  /** A club's list for its members: an empty page of a club that doesn't exist is a 404. */
  async function clubListPage(list: MatchList, page: PageQuery, emptyKey: MessageKey, ctx: RequestContext) {
    const stored = await storedPage(list, page, ctx);
    if (stored.missingClub) throw new NotFoundError("not_found.club");
    return answerOf(stored, page, emptyKey, ctx);
  }

  /** GET /v1/matches: public matches of a list status, optionally of one sport or club. */
  function list(query: MatchListQuery, ctx: RequestContext): Promise<Paged<MatchAnswer>> {
    const list = query.club
      ? listOf(query.status, "involving", query.club, true)
      : listOf(query.status, "all", 0, true);
    const { page, limit } = query;
    return listPage(
      query.sport ? { ...list, sport: query.sport } : list,
      { page, limit },
      EMPTY_LIST[query.status],
      ctx,
    );
  }

  /** A match's page is read as often as the lists: one statement, like theirs. */
  async function byId(id: number, ctx: RequestContext): Promise<{ data: MatchAnswer }> {
    const found = await readVisibleMatch(pool, id, visibleCondition(ctx));
    if (!found) throw new NotFoundError("not_found.match");
    return { data: withMediaLinks(presentMatch(found.row, found.related), media) };
  }

  /** The dashboard Streams page: every live or upcoming match (a club admin's: their club's), private ones included. */
  function streams(list: "live" | "upcoming", page: PageQuery, ctx: RequestContext) {
    const club = clubScopeOf(authorize(ctx, "streams"));
    const audience = club === null ? listOf(list, "all", 0, false) : listOf(list, "member", club, false);
    return listPage(audience, page, EMPTY_LIST[list], ctx);
  }

  /** A club's live or upcoming matches for its members, private and shared ones included. */
  function clubList(clubId: number, list: "live" | "upcoming", page: PageQuery, ctx: RequestContext) {
    authorize(ctx, "dashboard", clubId, "not_found.club");
    return clubListPage(listOf(list, "member", clubId, false), page, EMPTY_LIST[list], ctx);
  }

  /** The public club page: a club's public live or upcoming matches. */
  function clubPublicList(clubId: number, list: "live" | "upcoming", page: PageQuery, ctx: RequestContext) {
    return listPage(listOf(list, "involving", clubId, true), page, EMPTY_LIST[list], ctx);
  }

  function clubUnscheduled(clubId: number, page: PageQuery, ctx: RequestContext) {
    authorize(ctx, "scheduler", clubId, "not_found.club");
    const list: MatchList = {
      statuses: ["unscheduled"],
      direction: "asc",
      audience: "owner",
      clubId,
      publicOnly: false,
    };
    return clubListPage(list, page, "not_found.matches_unscheduled", ctx);
  }

  function clubRecorded(clubId: number, page: PageQuery, ctx: RequestContext) {
    authorize(ctx, "recorded", clubId, "not_found.club");
    const list: MatchList = {
      statuses: RECORDED_MATCH_STATUSES,
      direction: "desc",
      audience: "recorded",
      clubId,
      publicOnly: false,
    };
    return clubListPage(list, page, "not_found.recorded", ctx);
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
