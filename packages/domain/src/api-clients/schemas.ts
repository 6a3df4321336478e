import { z } from "zod";
import { apiClientInput } from "@clubcast/shared/schemas";
import { pagedSchema } from "../core/pagination.ts";
import { namedRecord } from "../core/schemas.ts";

// The input lives in @clubcast/shared: the web's new-client dialog checks with it too.
export { apiClientInput };

export const apiClientOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  client_id: z.string(),
  /** null for the media gateway's client, which serves every gateway configuration. */
  configuration: z
    .object({
      id: z.number().int(),
      barcode: z.string().nullable(),
      club: namedRecord,
      field: namedRecord.nullable(),
    })
    .nullable(),
  created_by: z.number().int().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
});

/** A client as its creation shows it: the only time the secret is ever shown. */
export const createdApiClient = apiClientOutput.extend({ client_secret: z.string() });
export const apiClientPage = pagedSchema(apiClientOutput);

export type ApiClientInput = z.output<typeof apiClientInput>;
export type ApiClientOutput = z.infer<typeof apiClientOutput>;
