// API clients: the credentials a camera controller exchanges for a token bound
// to one configuration (the spec's access/clients page, system admins only).
import { randomUUID } from "node:crypto";
import type { Deps } from "../deps.ts";
import type { RequestContext } from "../core/context.ts";
import { written, type Written } from "../core/answers.ts";
import { ValidationError } from "../core/errors.ts";
import { translate } from "../core/i18n.ts";
import { paged, pageWindow, type Paged, type PageQuery } from "../core/pagination.ts";
import { authorize, authorizedRecord } from "../core/policy.ts";
import { hashPassword } from "../auth/passwords.ts";
import type { AuthService } from "../auth/service.ts";
import { newSecretToken } from "../auth/tokens.ts";
import { apiClientWithConfiguration, presentApiClient } from "./presenter.ts";
import type { ApiClientInput, ApiClientOutput } from "./schemas.ts";

export function createApiClientsService(deps: Deps, { auth }: { auth: Pick<AuthService, "revokeTokens"> }) {
  const { prisma } = deps;

  async function list(query: PageQuery, ctx: RequestContext): Promise<Paged<ApiClientOutput>> {
    authorize(ctx, "access");
    const [rows, total] = await prisma.$transaction([
      prisma.apiClient.findMany({ include: apiClientWithConfiguration, orderBy: { id: "asc" }, ...pageWindow(query) }),
      prisma.apiClient.count(),
    ]);
    return paged(rows.map(presentApiClient), total, query, translate(ctx.locale, "not_found.api_clients"));
  }

  /** Answers the secret this once; only its argon2id hash is kept. */
  async function create(
    input: ApiClientInput,
    ctx: RequestContext,
  ): Promise<Written<ApiClientOutput & { client_secret: string }>> {
    const user = authorize(ctx, "access");
    const configuration = await prisma.configuration.findUnique({
      where: { id: input.configuration_id },
      select: { id: true },
    });
    if (!configuration) throw ValidationError.field("configuration_id", "validation.invalid_value");
    const secret = newSecretToken();
    const client = await prisma.apiClient.create({
      data: {
        name: input.name,
        clientId: randomUUID(),
        secretHash: await hashPassword(secret),
        configurationId: configuration.id,
        createdById: user.id,
      },
      include: apiClientWithConfiguration,
    });
    return written({ ...presentApiClient(client), client_secret: secret }, translate(ctx.locale, "api_client.created"));
  }

  /**
   * A new secret for an existing client (a camera whose secret was lost or leaked, or a revoked
   * client taken back into use): the old secret and every token it got stop working at once.
   */
  async function issueSecret(
    id: number,
    ctx: RequestContext,
  ): Promise<Written<ApiClientOutput & { client_secret: string }>> {
    await manageableClient(id, ctx);
    const secret = newSecretToken();
    const secretHash = await hashPassword(secret);
    await auth.revokeTokens({ apiClientId: id }, (tx) =>
      tx.apiClient.update({ where: { id }, data: { secretHash, revokedAt: null } }),
    );
    const client = await prisma.apiClient.findUniqueOrThrow({ where: { id }, include: apiClientWithConfiguration });
    return written(
      { ...presentApiClient(client), client_secret: secret },
      translate(ctx.locale, "api_client.secret_issued"),
    );
  }

  /** Who may manage API clients may manage this one: 404 where it doesn't exist. */
  function manageableClient(id: number, ctx: RequestContext) {
    return authorizedRecord(
      ctx,
      "access",
      "api_client.not_found",
      () => prisma.apiClient.findUnique({ where: { id }, select: { configuration: { select: { clubId: true } } } }),
      (client) => client.configuration?.clubId ?? null,
    );
  }

  /** Revokes the client and every token it holds; revoking twice changes nothing. */
  async function revoke(id: number, ctx: RequestContext): Promise<void> {
    await manageableClient(id, ctx);
    await auth.revokeTokens({ apiClientId: id }, (tx) =>
      tx.apiClient.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } }),
    );
  }

  return { list, create, issueSecret, revoke };
}

export type ApiClientsService = ReturnType<typeof createApiClientsService>;
