import type { Prisma } from "@clubcast/db";
import { configurationWithNames } from "../configurations/presenter.ts";
import type { ApiClientOutput } from "./schemas.ts";

export const apiClientWithConfiguration = {
  configuration: { select: { id: true, barcode: true, clubId: true, ...configurationWithNames } },
} satisfies Prisma.ApiClientInclude;

type ApiClientWithConfiguration = Prisma.ApiClientGetPayload<{ include: typeof apiClientWithConfiguration }>;

/** Never includes the secret, whose hash is all that is stored. */
export function presentApiClient(client: ApiClientWithConfiguration): ApiClientOutput {
  const { configuration } = client;
  return {
    id: client.id,
    name: client.name,
    client_id: client.clientId,
    configuration: configuration && {
      id: configuration.id,
      barcode: configuration.barcode,
      club: configuration.club,
      field: configuration.field,
    },
    created_by: client.createdById,
    last_used_at: client.lastUsedAt?.toISOString() ?? null,
    revoked_at: client.revokedAt?.toISOString() ?? null,
    created_at: client.createdAt.toISOString(),
  };
}
