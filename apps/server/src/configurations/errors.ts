// Field errors raised by the service layer after zod validation passed: unknown
// references, rule violations and unique values taken by another row.
import { Prisma } from "@clubcast/db";
import { ValidationError, type MessageParams } from "../core/errors.ts";
import type { MessageKey } from "../core/i18n.ts";

/** A 422 for the field at `path` (e.g. "data.field"), labelled like zod's messages by its last segment. */
export function fieldError(path: string, key: MessageKey, params: MessageParams = {}): ValidationError {
  const label = (path.split(".").at(-1) ?? path).replace(/_/g, " ");
  return new ValidationError({ [path]: [{ key, params: { field: label, ...params } }] });
}

/**
 * Runs a write whose only unique constraint (besides the id) guards `path`, and
 * turns its violation into a 422 for that field. Relying on the constraint, not
 * a prior lookup, keeps concurrent writes from both passing.
 */
export async function uniqueField<T>(path: string, key: MessageKey, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw fieldError(path, key);
    throw error;
  }
}
