// Sports: the public list and detail, and creating one (system administrators).
import { Prisma } from "@clubcast/db";
import type { Deps } from "../deps.ts";
import type { RequestContext } from "../core/context.ts";
import { NotFoundError, ValidationError } from "../core/errors.ts";
import { authorize } from "../core/policy.ts";
import { presentSport, sportSelect } from "./presenter.ts";
import type { CreateSportInput } from "./schemas.ts";

/** Finds a sport by numeric id or by slug (URLs use either). */
export function sportWhere(ref: string): Prisma.SportWhereUniqueInput {
  return /^\d+$/.test(ref) ? { id: Number(ref) } : { slug: ref.toLowerCase() };
}

export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

export function createSportsService({ prisma }: Deps) {
  async function list() {
    const sports = await prisma.sport.findMany({ select: sportSelect, orderBy: [{ name: "asc" }, { id: "asc" }] });
    return { data: sports.map(presentSport) };
  }

  async function get(ref: string) {
    const sport = await prisma.sport.findUnique({ where: sportWhere(ref), select: sportSelect });
    if (!sport) throw new NotFoundError("not_found.sports");
    return { data: presentSport(sport) };
  }

  async function create(input: CreateSportInput, ctx: RequestContext) {
    // Sports are managed on the system's configuration pages.
    authorize(ctx, "configuration");
    try {
      const sport = await prisma.sport.create({ data: input, select: sportSelect });
      return { data: presentSport(sport) };
    } catch (error) {
      if (isUniqueViolation(error)) throw ValidationError.field("slug", "validation.taken");
      throw error;
    }
  }

  return { list, get, create };
}

export type SportsService = ReturnType<typeof createSportsService>;
