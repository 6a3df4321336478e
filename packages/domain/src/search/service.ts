// The top-bar search: matches, clubs, teams and users matching every word of
// the query, each list limited to what the caller may see. Matching is a
// case-insensitive substring (ILIKE '%word%'), which the pg_trgm GIN indexes on
// club names, team names and user names/e-mails serve.
import { Prisma, type PrismaClient } from "@clubcast/db";
import { canOpenSection } from "@clubcast/shared";
import type { Deps } from "../deps.ts";
import type { AuthUser, RequestContext } from "../core/context.ts";
import { isSystem } from "../core/policy.ts";
import { clubWithSport, presentPublicClub } from "../clubs/presenter.ts";
import { presentTeam, teamWithNames } from "../teams/presenter.ts";
import { presentUserSummary, userSummarySelect } from "../users/presenter.ts";
import { visibleMatches } from "../matches/visibility.ts";
import { SEARCH_LIMIT, type SearchInput } from "./schemas.ts";

const MAX_TERMS = 5;

/** The distinct words of a query, with LIKE's wildcards taken literally. */
export function termsOf(query: string): string[] {
  const words = [...new Set(query.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, MAX_TERMS);
  return words.map((word) => word.replace(/[\\%_]/g, (c) => `\\${c}`));
}

const containing = (term: string) => ({ contains: term, mode: "insensitive" as const });

/** Every term must occur in at least one of the columns. */
function everyTerm<W>(terms: string[], columns: (filter: ReturnType<typeof containing>) => W[]) {
  return terms.map((term) => ({ OR: columns(containing(term)) }));
}

const sideName = (team: { fullname: string } | null, club: { name: string } | null) =>
  team?.fullname ?? club?.name ?? "?";

const matchCard = {
  id: true,
  status: true,
  startingAt: true,
  club: { select: { timezone: true } },
  homeClub: { select: { name: true } },
  awayClub: { select: { name: true } },
  homeTeam: { select: { fullname: true } },
  awayTeam: { select: { fullname: true } },
} satisfies Prisma.MatchSelect;

/** Clubs the caller may find: activated ones, their own, or all for system administrators. */
function visibleClubs(user: AuthUser | null): Prisma.ClubWhereInput {
  if (isSystem(user)) return {};
  return user?.clubId ? { OR: [{ activated: true }, { id: user.clubId }] } : { activated: true };
}

/** Teams and users are club business: system administrators find all, club members their club's, others none. */
function ownClub(user: AuthUser | null): { clubId?: number } | null {
  if (isSystem(user)) return {};
  return user?.clubId ? { clubId: user.clubId } : null;
}

/**
 * The user search as SQL: e-mail is citext, and only `email::text ILIKE` (not
 * citext's own ILIKE, which Prisma would emit) can use the trigram index.
 */
export function userSearchSql(terms: string[], clubId: number | undefined): Prisma.Sql {
  const conditions = terms.map((term) => {
    const pattern = `%${term}%`;
    return Prisma.sql`(first_name ILIKE ${pattern} OR last_name ILIKE ${pattern} OR email::text ILIKE ${pattern})`;
  });
  if (clubId !== undefined) conditions.push(Prisma.sql`club_id = ${clubId}`);
  return Prisma.sql`SELECT id FROM users WHERE ${Prisma.join(conditions, " AND ")}
    ORDER BY last_name, first_name, id LIMIT ${SEARCH_LIMIT}`;
}

async function findUsers(prisma: PrismaClient, terms: string[], clubId: number | undefined) {
  const found = await prisma.$queryRaw<{ id: number }[]>(userSearchSql(terms, clubId));
  const users = await prisma.user.findMany({
    where: { id: { in: found.map(({ id }) => id) } },
    select: userSummarySelect,
  });
  const byId = new Map(users.map((u) => [u.id, u]));
  return found.flatMap(({ id }) => byId.get(id) ?? []);
}

export function createSearchService({ prisma }: Deps) {
  async function searchAll(input: SearchInput, ctx: RequestContext) {
    const terms = termsOf(input.query);
    const user = ctx.user;
    const clubScope = ownClub(user);
    const take = SEARCH_LIMIT;

    const [clubs, teams, users, matches] = await Promise.all([
      prisma.club.findMany({
        where: { AND: [visibleClubs(user), ...everyTerm(terms, (name) => [{ name }])] },
        include: clubWithSport,
        orderBy: [{ name: "asc" }, { id: "asc" }],
        take,
      }),
      clubScope
        ? prisma.team.findMany({
            where: { AND: [clubScope, ...everyTerm(terms, (fullname) => [{ fullname }, { addition: fullname }])] },
            include: teamWithNames,
            orderBy: [{ fullname: "asc" }, { id: "asc" }],
            take,
          })
        : [],
      // Users only for those who may open the users pages.
      clubScope && user && canOpenSection(user, "users") ? findUsers(prisma, terms, clubScope.clubId) : [],
      prisma.match.findMany({
        where: {
          AND: [
            visibleMatches(ctx),
            ...everyTerm(terms, (name) => [
              { homeClub: { is: { name } } },
              { awayClub: { is: { name } } },
              { homeTeam: { is: { fullname: name } } },
              { awayTeam: { is: { fullname: name } } },
            ]),
          ],
        },
        select: matchCard,
        orderBy: [{ startingAt: "desc" }, { id: "desc" }],
        take,
      }),
    ]);

    const found = {
      clubs: clubs.map(presentPublicClub),
      teams: teams.map(presentTeam),
      users: users.map(presentUserSummary),
      matches: matches.map((match) => ({
        id: match.id,
        title: `${sideName(match.homeTeam, match.homeClub)} – ${sideName(match.awayTeam, match.awayClub)}`,
        starting_at: { date: match.startingAt.toISOString(), timezone: match.club.timezone },
        status: match.status,
      })),
    };
    return { data: found };
  }

  return { searchAll };
}

export type SearchService = ReturnType<typeof createSearchService>;
