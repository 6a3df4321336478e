// Accounts and sign-in: login, logout, me, register, forgot and reset password,
// and turning a presented bearer token into the caller.
import { DEFAULT_NEW_USER_SCOPE, type LocaleCode } from "@clubcast/shared";
import type { Prisma, PrismaClient } from "@clubcast/db";
import type { Deps } from "../deps.ts";
import type { OutboxPost } from "../jobs/outbox.ts";
import type { CacheMoment } from "../core/read-cache.ts";
import type { AuthUser, CameraClient, RequestContext } from "../core/context.ts";
import { UnauthorizedError, ValidationError } from "../core/errors.ts";
import { admitSignInAttempt, consumeRateLimit, withinRateLimit } from "../core/rate-limit.ts";
import { done, type Written } from "../core/answers.ts";
import { translate } from "../core/i18n.ts";
import { presentUser, sortedDistinct, userWithAccess } from "../users/presenter.ts";
import { checkSignIn, hashPassword } from "./passwords.ts";
import { hashToken, newSecretToken } from "./tokens.ts";
import type { ForgotInput, LoginInput, RegisterInput, ResetInput, TokenAnswer } from "./schemas.ts";

/** Makes a user's outstanding password reset links unusable. */
function retireResetTokens(db: PrismaClient | Prisma.TransactionClient, userId: number) {
  return db.passwordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: new Date() } });
}

export type Caller = { user: AuthUser; client: null } | { user: null; client: CameraClient };

/** A token with its user or API client, as loadTokenHolder reads it. */
interface TokenHolderRow {
  revokedAt: Date | null;
  expiresAt: Date | string;
  userId: number | null;
  email: string | null;
  scope: string | null;
  userClubId: number | null;
  teamIds: number[];
  permissionNames: string[];
  apiClientId: number | null;
  clientRevokedAt: Date | null;
  configurationId: number | null;
  clientClubId: number | null;
}

/** The holder of the token whose hash is $1 (see loadTokenHolder). */
const TOKEN_HOLDER = `
  SELECT t.revoked_at AS "revokedAt", t.expires_at AS "expiresAt",
         u.id AS "userId", u.email, u.scope::text AS scope, u.club_id AS "userClubId",
         ARRAY(SELECT ut.team_id FROM user_teams ut WHERE ut.user_id = u.id) AS "teamIds",
         ARRAY(SELECT p.name FROM user_roles ur
               JOIN role_permissions rp ON rp.role_id = ur.role_id
               JOIN permissions p ON p.id = rp.permission_id
               WHERE ur.user_id = u.id) AS "permissionNames",
         a.id AS "apiClientId", a.revoked_at AS "clientRevokedAt", a.configuration_id AS "configurationId",
         c.club_id AS "clientClubId"
  FROM access_tokens t
  LEFT JOIN users u ON u.id = t.user_id
  LEFT JOIN api_clients a ON a.id = t.api_client_id
  LEFT JOIN configurations c ON c.id = a.configuration_id
  WHERE t.token_hash = $1`;

export function createAuthService(deps: Deps) {
  const { prisma, pool, redis, config, mailer, readCache, outbox, background } = deps;

  /**
   * The one way access tokens are revoked (sign-out, a password reset or change, an API client's
   * revocation): the live tokens `where` selects, in one transaction with the writes `alongside` that the
   * revocation belongs to (which may post to the outbox too). Once that has committed, the holders' open
   * sockets, on every server instance, lose what they may no longer listen on.
   */
  async function revokeTokens(
    where: Prisma.AccessTokenWhereInput,
    alongside?: (tx: Prisma.TransactionClient, post: OutboxPost) => Promise<unknown>,
  ): Promise<void> {
    await outbox.transaction(async (tx, post) => {
      await alongside?.(tx, post);
      const revoked = await tx.accessToken.updateManyAndReturn({
        where: { AND: [where, { revokedAt: null }] },
        data: { revokedAt: new Date() },
        select: { userId: true, apiClientId: true },
      });
      if (!revoked.length) return;
      post.events.accessChanged({
        users: [...new Set(revoked.flatMap((token) => token.userId ?? []))],
        clients: [...new Set(revoked.flatMap((token) => token.apiClientId ?? []))],
      });
    });
  }

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
    const attempt = await admitSignInAttempt(redis, "login", input.email, ctx.ip, config.loginRateLimit);
    const found = await prisma.user.findUnique({
      where: { email: input.email },
      select: { id: true, passwordHash: true },
    });
    const user = await checkSignIn(attempt, found, (u) => u.passwordHash, input.password);
    await prisma.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
    return issueToken({ userId: user.id });
  }

  async function logout(ctx: RequestContext): Promise<Written<null>> {
    if (ctx.token) await revokeTokens({ tokenHash: hashToken(ctx.token) });
    return done(translate(ctx.locale, "auth.logged_out"));
  }

  async function me(ctx: RequestContext) {
    if (!ctx.user) throw new UnauthorizedError();
    const user = await prisma.user.findUniqueOrThrow({ where: { id: ctx.user.id }, include: userWithAccess });
    const presented = presentUser(user);
    return { data: presented, user: presented };
  }

  /**
   * Creates a player account unless the address has one, answering the same either way (no account
   * enumeration): the address's owner learns by e-mail which it was.
   */
  async function register(input: RegisterInput, ctx: RequestContext): Promise<Written<null>> {
    await consumeRateLimit(redis, `account-mail:ip:${ctx.ip}`, config.accountMailRateLimit.perIp);
    // Hashed and inserted in one statement either way, so a taken address answers in the same time.
    const { count } = await prisma.user.createMany({
      data: {
        email: input.email,
        passwordHash: await hashPassword(input.password),
        firstName: input.first_name,
        lastName: input.last_name,
        scope: DEFAULT_NEW_USER_SCOPE,
        locale: ctx.locale,
      },
      skipDuplicates: true,
    });
    const created = count === 1;
    background.run("registration mail", () => mailRegistration(input.email, created, ctx.locale));
    return done(translate(ctx.locale, "auth.register_mail_sent"));
  }

  /** Welcomes a new account, or tells an existing one's owner that someone tried to register it. */
  async function mailRegistration(email: string, created: boolean, locale: LocaleCode): Promise<void> {
    if (!(await mayMailAddress(email))) return;
    const user = await prisma.user.findUnique({ where: { email }, select: { email: true, firstName: true } });
    if (!user) return;
    const links = {
      name: user.firstName,
      login: `${config.publicUrl}/auth/login`,
      forgot: `${config.publicUrl}/auth/forgot`,
    };
    const mail = created ? "welcome" : "register_again";
    await mailer.send({
      to: user.email,
      subject: translate(locale, `auth.${mail}_mail_subject`),
      text: translate(locale, `auth.${mail}_mail_body`, links),
    });
  }

  async function forgotPassword(input: ForgotInput, ctx: RequestContext): Promise<Written<null>> {
    await consumeRateLimit(redis, `account-mail:ip:${ctx.ip}`, config.accountMailRateLimit.perIp);
    // Whether the address is known decides all that follows, so it happens after answering:
    // the same answer in the same time either way (no account enumeration).
    background.run("password reset mail", () => mailResetLink(input.email, ctx.locale));
    return done(translate(ctx.locale, "auth.reset_link_sent"));
  }

  async function mailResetLink(email: string, locale: LocaleCode): Promise<void> {
    if (!(await mayMailAddress(email))) return;
    const user = await prisma.user.findUnique({ where: { email } });
    if (!user) return;

    const token = newSecretToken();
    await prisma.$transaction([
      // Only the latest link works: an older one may sit in a mailbox someone else reads.
      retireResetTokens(prisma, user.id),
      prisma.passwordResetToken.create({
        data: {
          userId: user.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + config.resetTokenTtlSeconds * 1000),
        },
      }),
    ]);
    const link = `${config.publicUrl}/auth/reset?token=${token}&email=${encodeURIComponent(user.email)}`;
    await mailer.send({
      to: user.email,
      subject: translate(locale, "auth.reset_mail_subject"),
      text: translate(locale, "auth.reset_mail_body", {
        name: user.firstName,
        link,
        minutes: Math.round(config.resetTokenTtlSeconds / 60),
      }),
    });
  }

  /** Counts one account e-mail to `email`; beyond the limit none is sent, without telling anyone. */
  async function mayMailAddress(email: string): Promise<boolean> {
    const limit = config.accountMailRateLimit.perAddress;
    return (await withinRateLimit(redis, `account-mail:address:${email}`, limit)).allowed;
  }

  async function resetPassword(input: ResetInput, ctx: RequestContext): Promise<Written<null>> {
    const now = new Date();
    const invalid = () => ValidationError.field("token", "auth.reset_invalid");
    const passwordHash = await hashPassword(input.password);
    const record = await prisma.passwordResetToken.findUnique({
      where: { tokenHash: hashToken(input.token) },
      include: { user: { select: { email: true } } },
    });
    if (!record || record.usedAt || record.expiresAt <= now || record.user.email !== input.email) throw invalid();
    // A reset signs the account out everywhere.
    await revokeTokens({ userId: record.userId }, async (tx) => {
      // Claiming the token with a conditional update makes it one-time even under concurrent resets.
      const claimed = await tx.passwordResetToken.updateMany({
        where: { id: record.id, usedAt: null },
        data: { usedAt: now },
      });
      if (claimed.count !== 1) throw invalid();
      await tx.user.update({ where: { id: record.userId }, data: { passwordHash } });
      await retireResetTokens(tx, record.userId);
    });
    return done(translate(ctx.locale, "auth.password_reset"));
  }

  /** Who holds a token (by hash): null when it is unknown or revoked (or its API client is). */
  /**
   * The holder of a token, in one statement: every signed-in request asks (and
   * each time with READ_CACHE=off), and through Prisma's nested includes it was
   * five queries. Sent through pg as a prepared statement: a Prisma $queryRaw
   * runs Prisma's query compiler on every call.
   */
  async function loadTokenHolder(tokenHash: string): Promise<{ caller: Caller; expiresAt: Date } | null> {
    const {
      rows: [record],
    } = await pool.query<TokenHolderRow>({ name: "auth_token_holder", text: TOKEN_HOLDER, values: [tokenHash] });
    if (!record || record.revokedAt) return null;
    const expiresAt = new Date(record.expiresAt);
    if (record.userId !== null) {
      const caller: Caller = {
        client: null,
        user: {
          id: record.userId,
          email: record.email!,
          scope: record.scope as AuthUser["scope"],
          clubId: record.userClubId,
          teamIds: record.teamIds,
          permissions: sortedDistinct(record.permissionNames),
        },
      };
      return { caller, expiresAt };
    }
    if (record.apiClientId !== null && !record.clientRevokedAt) {
      const caller: Caller = {
        user: null,
        client: {
          apiClientId: record.apiClientId,
          configurationId: record.configurationId,
          clubId: record.clientClubId,
        },
      };
      return { caller, expiresAt };
    }
    return null;
  }

  /**
   * The caller a bearer token stands for, or 401 when it is unknown, expired or
   * revoked. Every signed-in request asks, so holders are kept in the read cache
   * until a token, user, role or API client changes; expiry is checked each time (and answered, so an open
   * socket's rights can end with it).
   */
  async function authenticate(token: string): Promise<{ caller: Caller; cacheMoment: CacheMoment; expiresAt: Date }> {
    const tokenHash = hashToken(token);
    // Noted before the request does anything: its later cached lookups may share this one's version read.
    const cacheMoment = readCache.moment();
    const holder = await readCache.remember("callers", tokenHash, () => loadTokenHolder(tokenHash), cacheMoment);
    if (!holder) throw new UnauthorizedError();
    if (holder.expiresAt <= new Date()) throw new UnauthorizedError("auth.token_expired");
    return { caller: holder.caller, cacheMoment, expiresAt: holder.expiresAt };
  }

  return { login, logout, me, register, forgotPassword, resetPassword, authenticate, issueToken, revokeTokens };
}

export type AuthService = ReturnType<typeof createAuthService>;
