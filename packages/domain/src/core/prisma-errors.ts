// Prisma's refusals that are the caller's doing, turned into the errors services raise.
import { Prisma } from "@clubcast/db";
import { ValidationError } from "./errors.ts";
import type { MessageKey } from "./i18n.ts";

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
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
    if (isUniqueViolation(error)) throw ValidationError.field(path, key);
    throw error;
  }
}
