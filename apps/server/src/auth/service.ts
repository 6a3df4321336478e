// Accounts and sign-in: login, logout, me, register, forgot and reset password,
// and turning a presented bearer token into the caller.
import { DEFAULT_NEW_USER_SCOPE } from "@clubcast/shared";
import { withRedis } from "@clubcast/db/redis";
import type { Deps } from "../deps.ts";
import type { AuthUser, CameraClient, RequestContext } from "../core/context.ts";
import { UnauthorizedError, ValidationError } from "../core/errors.ts";
import { consumeRateLimit } from "../core/rate-limit.ts";
import { translate } from "../core/i18n.ts";
import { permissionNames, presentUser, userWithAccess } from "../users/presenter.ts";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./passwords.ts";
import { hashToken, newSecretToken } from "./tokens.ts";
import type { ForgotInput, LoginInput, RegisterInput, ResetInput, TokenAnswer } from "./schemas.ts";

export type Caller = { user: AuthUser; client: null } | { user: null; client: CameraClient };

export function createAuthService(deps: Deps) {
  const { prisma, redis, config, mailer, readCache } = deps;

  async function issueToken(owner: { userId: number } | { apiClientId: number }): Promise<TokenAnswer> {
    const token = newSecretToken();
    await prisma.accessToken.create({
      data: {
        ...owner,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + config.accessTokenTtlSeconds * 1000),
      },
    });
    return { access_token: token, token_type: "Bearer", expires_in: config.accessTokenTtlSeconds };
  }

  async function login(input: LoginInput, ctx: RequestContext): Promise<TokenAnswer> {
    const { perIp, perAccount } = config.loginRateLimit;
    await consumeRateLimit(redis, `login:ip:${ctx.ip}`, perIp);
    await consumeRateLimit(redis, `login:account:${input.email}`, perAccount);

    const user = await prisma.user.findUnique({ where: { email: input.email }, select: { id: true, passwordHash: true } });
    if (!user) {
      await burnPasswordCheck(input.password);
      throw new UnauthorizedError("auth.bad_credentials");
    }
    if (!(await verifyPassword(user.passwordHash, input.password))) throw new UnauthorizedError("auth.bad_credentials");

    await withRedis(redis, () => redis.del(`login:account:${input.email}`));
    await prisma.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
    return issueToken({ userId: user.id });
  }

  async function logout(ctx: RequestContext): Promise<{ message: string }> {
    if (ctx.token) {
      await prisma.accessToken.updateMany({
        where: { tokenHash: hashToken(ctx.token), revokedAt: null },
        data: { revokedAt: new Date() },
      });
    }
    return { message: translate(ctx.locale, "auth.logged_out") };
  }

  async function me(ctx: RequestContext) {
    if (!ctx.user) throw new UnauthorizedError();
    const user = await prisma.user.findUniqueOrThrow({ where: { id: ctx.user.id }, include: userWithAccess });
    return { user: presentUser(user) };
  }

  async function register(input: RegisterInput, ctx: RequestContext) {
    const existing = await prisma.user.findUnique({ where: { email: input.email }, select: { id: true } });
    if (existing) throw ValidationError.field("email", "auth.email_taken");
    const user = await prisma.user.create({
      data: {
        email: input.email,
        passwordHash: await hashPassword(input.password),
        firstName: input.first_name,
        lastName: input.last_name,
        scope: DEFAULT_NEW_USER_SCOPE,
        locale: ctx.locale,
      },
      include: userWithAccess,
    });
    return { user: presentUser(user), ...(await issueToken({ userId: user.id })) };
  }

  async function forgotPassword(input: ForgotInput, ctx: RequestContext): Promise<{ message: string }> {
    const answer = { message: translate(ctx.locale, "auth.reset_link_sent") };
    const user = await prisma.user.findUnique({ where: { email: input.email } });
    // The same answer whether or not the address is known: no account enumeration.
    if (!user) return answer;

    const token = newSecretToken();
    await prisma.passwordResetToken.create({
      data: {
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + config.resetTokenTtlSeconds * 1000),
      },
    });
    const link = `${config.publicUrl}/auth/reset?token=${token}&email=${encodeURIComponent(user.email)}`;
    await mailer.send({
      to: user.email,
      subject: translate(ctx.locale, "auth.reset_mail_subject"),
      text: translate(ctx.locale, "auth.reset_mail_body", {
        name: user.firstName,
        link,
        minutes: Math.round(config.resetTokenTtlSeconds / 60),
      }),
    });
    return answer;
  }

  async function resetPassword(input: ResetInput, ctx: RequestContext): Promise<{ message: string }> {
    const now = new Date();
    const passwordHash = await hashPassword(input.password);
    const reset = await prisma.$transaction(async (tx) => {
      const record = await tx.passwordResetToken.findUnique({
        where: { tokenHash: hashToken(input.token) },
        include: { user: { select: { email: true } } },
      });
      if (!record || record.usedAt || record.expiresAt <= now || record.user.email !== input.email) return false;
      // Claiming the token with a conditional update makes it one-time even under concurrent resets.
      const claimed = await tx.passwordResetToken.updateMany({
        where: { id: record.id, usedAt: null },
        data: { usedAt: now },
      });
      if (claimed.count !== 1) return false;
      await tx.user.update({ where: { id: record.userId }, data: { passwordHash } });
      // A reset signs the account out everywhere.
      await tx.accessToken.updateMany({ where: { userId: record.userId, revokedAt: null }, data: { revokedAt: now } });
      return true;
    });
    if (!reset) throw ValidationError.field("token", "auth.reset_invalid");
    return { message: translate(ctx.locale, "auth.password_reset") };
  }

  /** Who holds a token (by hash): null when it is unknown or revoked (or its API client is). */
  async function loadTokenHolder(tokenHash: string): Promise<{ caller: Caller; expiresAt: Date } | null> {
    const record = await prisma.accessToken.findUnique({
      where: { tokenHash },
      include: {
        user: { include: { teams: { select: { teamId: true } }, roles: userWithAccess.roles } },
        apiClient: { include: { configuration: { select: { clubId: true } } } },
      },
    });
    if (!record || record.revokedAt) return null;
    const { expiresAt } = record;
    if (record.user) {
      const { user } = record;
      const caller: Caller = {
        client: null,
        user: {
          id: user.id,
          email: user.email,
          scope: user.scope,
          clubId: user.clubId,
          teamIds: user.teams.map((t) => t.teamId),
          permissions: permissionNames(user),
        },
      };
      return { caller, expiresAt };
    }
    if (record.apiClient && !record.apiClient.revokedAt) {
      const caller: Caller = {
        user: null,
        client: {
          apiClientId: record.apiClient.id,
          configurationId: record.apiClient.configurationId,
          clubId: record.apiClient.configuration?.clubId ?? null,
        },
      };
      return { caller, expiresAt };
    }
    return null;
  }

  /**
   * The caller a bearer token stands for, or 401 when it is unknown, expired or
   * revoked. Every signed-in request asks, so holders are kept in the read cache
   * until a token, user, role or API client changes; expiry is checked each time.
   */
  async function authenticate(token: string): Promise<Caller> {
    const tokenHash = hashToken(token);
    const holder = await readCache.remember("callers", tokenHash, () => loadTokenHolder(tokenHash));
    if (!holder) throw new UnauthorizedError();
    if (holder.expiresAt <= new Date()) throw new UnauthorizedError("auth.token_expired");
    return holder.caller;
  }

  return { login, logout, me, register, forgotPassword, resetPassword, authenticate, issueToken };
}

export type AuthService = ReturnType<typeof createAuthService>;
