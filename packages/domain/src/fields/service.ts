// Fields (pitches) of clubs: listed and read by the club's members, created and
// deleted by its administrators or system administrators.
import type { Prisma } from "@clubcast/db";
import type { Deps } from "../deps.ts";
import type { RequestContext } from "../core/context.ts";
import { deleted, written } from "../core/answers.ts";
import { NotFoundError, ValidationError } from "../core/errors.ts";
import { translate } from "../core/i18n.ts";
import { paged, pageWindow } from "../core/pagination.ts";
import { isInClub, isSystem, requireUser } from "../core/policy.ts";
import { uniqueField } from "../core/prisma-errors.ts";
import { authorizeClubAdmin } from "../clubs/policy.ts";
import { fieldWithNames, presentField } from "./presenter.ts";
import type { CreateFieldInput, FieldsQuery } from "./schemas.ts";

export function createFieldsService({ prisma }: Deps) {
  async function visibleField(id: number, ctx: RequestContext) {
    requireUser(ctx);
    const field = await prisma.field.findUnique({ where: { id }, include: fieldWithNames });
    if (!field || !isInClub(ctx.user, field.clubId)) throw new NotFoundError("not_found.field");
    return field;
  }

  async function list({ club, ...page }: FieldsQuery, ctx: RequestContext) {
    const user = requireUser(ctx);
    const clubId = isSystem(user) ? club : user.clubId;
    // Another club is as absent as a missing one; a caller without a club has no fields.
    const clubMissing =
      club !== undefined &&
      (club !== clubId || !(await prisma.club.findUnique({ where: { id: club }, select: { id: true } })));
    if (clubMissing) throw new NotFoundError("not_found.club");
    const where: Prisma.FieldWhereInput = clubId === undefined ? {} : { clubId: clubId ?? -1 };
    const [fields, total] = await Promise.all([
      prisma.field.findMany({
        where,
        include: fieldWithNames,
        orderBy: [{ clubId: "asc" }, { name: "asc" }, { id: "asc" }],
        ...pageWindow(page),
      }),
      prisma.field.count({ where }),
    ]);
    return paged(fields.map(presentField), total, page, translate(ctx.locale, "not_found.fields"));
  }

  async function get(id: number, ctx: RequestContext) {
    return { data: presentField(await visibleField(id, ctx)) };
  }

  async function create(input: CreateFieldInput, ctx: RequestContext) {
    authorizeClubAdmin(ctx, input.club);
    const [club, sport] = await Promise.all([
      prisma.club.findUnique({ where: { id: input.club }, select: { id: true } }),
      prisma.sport.findUnique({ where: { id: input.sport }, select: { id: true } }),
    ]);
    if (!club) throw ValidationError.field("club", "validation.invalid_value");
    if (!sport) throw ValidationError.field("sport", "validation.invalid_value");
    // Names are unique within a club.
    const field = await uniqueField("name", "validation.taken", () =>
      prisma.field.create({
        data: { name: input.name, clubId: input.club, sportId: input.sport, portable: input.portable },
        include: fieldWithNames,
      }),
    );
    return written(presentField(field), translate(ctx.locale, "fields.created"));
  }

  async function remove(id: number, ctx: RequestContext) {
    const field = await visibleField(id, ctx);
    authorizeClubAdmin(ctx, field.clubId, "not_found.field");
    await prisma.field.delete({ where: { id } });
    return deleted(id, translate(ctx.locale, "fields.deleted"));
  }

  return { list, get, create, remove };
}

export type FieldsService = ReturnType<typeof createFieldsService>;
