// Sports: the public list and detail, and creating one (system administrators).
import type { Prisma } from "@clubcast/db";
import type { Deps } from "../deps.ts";
import type { RequestContext } from "../core/context.ts";
import { listOf, written } from "../core/answers.ts";
import { NotFoundError } from "../core/errors.ts";
import { translate } from "../core/i18n.ts";
import { authorize } from "../core/policy.ts";
import { uniqueField } from "../core/prisma-errors.ts";
import { presentSport, sportSelect } from "./presenter.ts";
import type { CreateSportInput, SportRef } from "./schemas.ts";

/** Finds a sport by id or by slug (URLs use either; sportRef tells them apart). */
export function sportWhere(ref: SportRef): Prisma.SportWhereUniqueInput {
  return typeof ref === "number" ? { id: ref } : { slug: ref };
}

export function createSportsService({ prisma }: Deps) {
  async function list(ctx: RequestContext) {
    const sports = await prisma.sport.findMany({ select: sportSelect, orderBy: [{ name: "asc" }, { id: "asc" }] });
    return listOf(sports.map(presentSport), translate(ctx.locale, "not_found.sports"));
  }

  async function get(ref: SportRef) {
    const sport = await prisma.sport.findUnique({ where: sportWhere(ref), select: sportSelect });
    if (!sport) throw new NotFoundError("not_found.sports");
    return { data: presentSport(sport) };
  }

  async function create(input: CreateSportInput, ctx: RequestContext) {
    // Sports are managed on the system's configuration pages.
    authorize(ctx, "configuration");
    const sport = await uniqueField("slug", "validation.taken", () =>
      prisma.sport.create({ data: input, select: sportSelect }),
    );
    return written(presentSport(sport), translate(ctx.locale, "sports.created"));
  }

  return { list, get, create };
}

export type SportsService = ReturnType<typeof createSportsService>;
