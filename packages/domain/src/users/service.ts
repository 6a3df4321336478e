// Users: system administrators manage everyone; club administrators and
// holders of 'users.all' manage their own club's users, never granting or
// touching a scope above their own. Roles (and so permissions) are assigned
// only by those who may open the 'access' section.
import type { Prisma } from "@clubcast/db";
import { grantableScopes, type StoredScope } from "@clubcast/shared";
import type { Deps } from "../deps.ts";
import type { AuthUser, RequestContext } from "../core/context.ts";
import { deleted, written } from "../core/answers.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../core/errors.ts";
import { translate } from "../core/i18n.ts";
import { paged, pageWindow, type PageQuery } from "../core/pagination.ts";
import { authorize, isSystem, requireUser } from "../core/policy.ts";
import { uniqueField } from "../core/prisma-errors.ts";
import { hashPassword } from "../auth/passwords.ts";
import type { AuthService } from "../auth/service.ts";
import type { OutboxPost } from "../jobs/outbox.ts";
import { sessionsOfUserExcept } from "../auth/revocation.ts";
import { presentUser, userWithAccess } from "./presenter.ts";
import type { CreateUserInput, UpdateUserInput } from "./schemas.ts";

/** Who may grant or manage whom (the rule in @clubcast/shared, which the web client's forms use too). */
function assertMayGrant(caller: AuthUser, scope: StoredScope): void {
  if (!grantableScopes(caller.scope).includes(scope)) throw new ForbiddenError();
}

/**
 * The club a created or updated user ends up in. System administrators choose
 * freely; everyone else keeps users in their own club (another club is 404;
 * taking a user out of the club is DELETE /v1/clubs/{club}/users/{id}).
 */
function assignedClub(caller: AuthUser, requested: number | null | undefined, current: number | null): number | null {
  if (isSystem(caller)) return requested === undefined ? current : requested;
  if (caller.clubId === null || requested === null) throw new ForbiddenError();
  if (requested !== undefined && requested !== caller.clubId) throw new NotFoundError("not_found.club");
  return caller.clubId;
}

const byName = [
  { lastName: "asc" },
  { firstName: "asc" },
  { id: "asc" },
] satisfies Prisma.UserOrderByWithRelationInput[];

export function createUsersService({ prisma, outbox }: Deps, { auth }: { auth: Pick<AuthService, "revokeTokens"> }) {
  async function pageOf(where: Prisma.UserWhereInput, query: PageQuery, ctx: RequestContext) {
    const [users, total] = await Promise.all([
      prisma.user.findMany({ where, include: userWithAccess, orderBy: byName, ...pageWindow(query) }),
      prisma.user.count({ where }),
    ]);
    return paged(users.map(presentUser), total, query, translate(ctx.locale, "not_found.users"));
  }

  async function presented(id: number) {
    return presentUser(await prisma.user.findUniqueOrThrow({ where: { id }, include: userWithAccess }));
  }

  /** The user, if the caller may see them: themselves, their club's users, or anyone for system administrators. */
  async function visibleUser(id: number, caller: AuthUser) {
    const target = await prisma.user.findUnique({
      where: { id },
      select: { id: true, email: true, scope: true, clubId: true },
    });
    const visible =
      target &&
      (target.id === caller.id || isSystem(caller) || (target.clubId !== null && target.clubId === caller.clubId));
    if (!visible) throw new NotFoundError("not_found.user");
    return target;
  }

  async function managedUser(id: number, ctx: RequestContext) {
    const caller = requireUser(ctx);
    const target = await visibleUser(id, caller);
    authorize(ctx, "users");
    assertMayGrant(caller, target.scope);
    return { caller, target };
  }

  async function assertClubExists(clubId: number | null) {
    if (clubId === null) return;
    const club = await prisma.club.findUnique({ where: { id: clubId }, select: { id: true } });
    if (!club) throw ValidationError.field("club", "validation.invalid_value");
  }

  async function assertTeamsOfClub(teamIds: number[], clubId: number | null) {
    const wanted = new Set(teamIds);
    if (!wanted.size) return;
    const found = clubId === null ? 0 : await prisma.team.count({ where: { id: { in: [...wanted] }, clubId } });
    if (found !== wanted.size) throw ValidationError.field("teams", "validation.invalid_value");
  }

  async function assertRolesExist(roleIds: number[]) {
    const wanted = new Set(roleIds);
    if (!wanted.size) return;
    if ((await prisma.role.count({ where: { id: { in: [...wanted] } } })) !== wanted.size) {
      throw ValidationError.field("roles", "validation.invalid_value");
    }
  }

  async function assertEmailFree(email: string, exceptUserId?: number) {
    const holder = await prisma.user.findUnique({ where: { email }, select: { id: true } });
    if (holder && holder.id !== exceptUserId) throw ValidationError.field("email", "auth.email_taken");
  }

  /** Checks what a create or update would assign, before anything is written. */
  async function checkAssignment(
    ctx: RequestContext,
    caller: AuthUser,
    input: { scope?: StoredScope; teams?: number[]; roles?: number[] },
    clubId: number | null,
    clubChanged: boolean,
  ) {
    if (input.scope) assertMayGrant(caller, input.scope);
    if (input.roles !== undefined) authorize(ctx, "access");
    if (clubChanged) await assertClubExists(clubId);
    await assertTeamsOfClub(input.teams ?? [], clubId);
    await assertRolesExist(input.roles ?? []);
  }

  /** Writes, mapping a lost race for the e-mail address to the same 422 as the check. */
  const withUniqueEmail = <T>(write: () => Promise<T>) => uniqueField("email", "auth.email_taken", write);

  async function list(query: PageQuery, ctx: RequestContext) {
    const user = authorize(ctx, "users");
    return pageOf(isSystem(user) ? {} : { clubId: user.clubId ?? -1 }, query, ctx);
  }

  async function listOfClub(clubId: number, query: PageQuery, ctx: RequestContext) {
    authorize(ctx, "users", clubId, "not_found.club");
    return pageOf({ clubId }, query, ctx);
  }

  async function get(id: number, ctx: RequestContext) {
    const caller = requireUser(ctx);
    const target = await visibleUser(id, caller);
    if (target.id !== caller.id) authorize(ctx, "users");
    return { data: await presented(id) };
  }

  async function create(input: CreateUserInput, ctx: RequestContext) {
    const caller = authorize(ctx, "users");
    const clubId = assignedClub(caller, input.club, null);
    await checkAssignment(ctx, caller, input, clubId, true);
    await assertEmailFree(input.email);
    const passwordHash = await hashPassword(input.password);
    const user = await withUniqueEmail(() =>
      prisma.user.create({
        data: {
          email: input.email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          scope: input.scope,
          clubId,
          locale: input.locale ?? ctx.locale,
          teams: { create: [...new Set(input.teams)].map((teamId) => ({ teamId })) },
          roles: { create: [...new Set(input.roles)].map((roleId) => ({ roleId })) },
        },
        select: { id: true },
      }),
    );
    return written(await presented(user.id), translate(ctx.locale, "users.created"));
  }

  async function update(id: number, input: UpdateUserInput, ctx: RequestContext) {
    const { caller, target } = await managedUser(id, ctx);
    const clubId = assignedClub(caller, input.club, target.clubId);
    const clubChanged = clubId !== target.clubId;
    await checkAssignment(ctx, caller, input, clubId, clubChanged);
    if (input.email !== undefined) await assertEmailFree(input.email, id);
    const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);

    // Scope, club, teams or roles may have changed what the user's sockets may listen on.
    const write = async (tx: Tx, post: OutboxPost) => {
      await tx.user.update({
        where: { id },
        data: {
          email: input.email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          scope: input.scope,
          clubId,
          locale: input.locale,
        },
      });
      if (input.teams) await replaceTeams(tx, id, input.teams);
      else if (clubChanged) await dropTeamsOutside(tx, id, clubId);
      if (input.roles) await replaceRoles(tx, id, input.roles);
      post.events.accessChanged({ users: [id] });
    };
    await withUniqueEmail(() =>
      // A new password signs the user out everywhere else.
      passwordHash ? auth.revokeTokens(sessionsOfUserExcept(id, ctx.token), write) : outbox.transaction(write),
    );
    return written(await presented(id), translate(ctx.locale, "users.updated"));
  }

  async function remove(id: number, ctx: RequestContext) {
    if (requireUser(ctx).id === id) throw new ConflictError("id", "users.cannot_remove_self");
    await managedUser(id, ctx);
    await outbox.transaction(async (tx, post) => {
      await tx.user.delete({ where: { id } });
      post.events.accessChanged({ users: [id] });
    });
    return deleted(id, translate(ctx.locale, "users.deleted"));
  }

  /** Takes a user out of a club: no club any more, and none of its teams. */
  async function removeFromClub(clubId: number, id: number, ctx: RequestContext) {
    const caller = authorize(ctx, "users", clubId, "not_found.club");
    if (caller.id === id) throw new ConflictError("id", "users.cannot_remove_self");
    const target = await prisma.user.findFirst({ where: { id, clubId }, select: { scope: true } });
    if (!target) throw new NotFoundError("not_found.user");
    assertMayGrant(caller, target.scope);
    await outbox.transaction(async (tx, post) => {
      await tx.userTeam.deleteMany({ where: { userId: id, team: { clubId } } });
      await tx.user.update({ where: { id }, data: { clubId: null } });
      post.events.accessChanged({ users: [id] });
    });
    return deleted(id, translate(ctx.locale, "users.removed_from_club"));
  }

  return { list, listOfClub, get, create, update, remove, removeFromClub };
}

type Tx = Prisma.TransactionClient;

async function replaceTeams(tx: Tx, userId: number, teamIds: number[]) {
  await tx.userTeam.deleteMany({ where: { userId } });
  await tx.userTeam.createMany({ data: [...new Set(teamIds)].map((teamId) => ({ userId, teamId })) });
}

/** Removes the user's links to teams of any club but `clubId` (all of them for null). */
async function dropTeamsOutside(tx: Tx, userId: number, clubId: number | null) {
  await tx.userTeam.deleteMany({
    where: { userId, ...(clubId === null ? {} : { team: { clubId: { not: clubId } } }) },
  });
}

async function replaceRoles(tx: Tx, userId: number, roleIds: number[]) {
  await tx.userRole.deleteMany({ where: { userId } });
  await tx.userRole.createMany({ data: [...new Set(roleIds)].map((roleId) => ({ userId, roleId })) });
}

export type UsersService = ReturnType<typeof createUsersService>;
