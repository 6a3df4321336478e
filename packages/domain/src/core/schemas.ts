// Zod building blocks the domains' schemas share: the input blocks (record ids,
// integers and numbers in range, text, the spec's 0/1 flags, URL fields) and the
// small answer shapes many routes give.
import { z } from "zod";
import { DEVICE_STATUSES } from "@clubcast/shared";

// The input blocks live in @clubcast/shared, so the web's forms validate with them too.
export {
  DIGITS,
  clearable,
  decimal,
  exactText,
  flag,
  httpUrl,
  idField,
  idParam,
  idParams,
  integer,
  integerParam,
  plainText,
  text,
} from "@clubcast/shared/schemas";

// ── answers (for the OpenAPI document) ──

/** A 0/1 flag as answers show it. */
export const flagAnswer = z.union([z.literal(0), z.literal(1)]);
/** A related record as answers show it. */
export const namedRecord = z.object({ id: z.number().int(), name: z.string() });

/** A device's status now by the one online rule (core/presenters.ts healthOf) and its last heartbeat. */
export const deviceHealth = {
  status: z.enum(DEVICE_STATUSES),
  last_heartbeat_at: z.string().nullable(),
};

/** The answer of a 204: no body. */
export const noContent = z.void();

/** The input of an operation that takes none: anything sent is an unknown field (422). */
export const noInput = z.strictObject({});
