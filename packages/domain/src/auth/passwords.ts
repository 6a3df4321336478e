import { hash, verify } from "@node-rs/argon2";
import { UnauthorizedError } from "../core/errors.ts";
import type { SignInAttempt } from "../core/rate-limit.ts";

// OWASP's recommended argon2id parameters: 19 MiB memory, 2 iterations, parallelism 1.
const ARGON2ID = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum we cannot import) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throw-away hash, so a login for an unknown e-mail costs
 * the same time as one with a wrong password and doesn't reveal which it was.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword("timing-equaliser-not-a-real-password");
  await verifyPassword(await dummyHash, password);
}

/**
 * Checks a presented secret against the holder's stored hash (a throw-away one when there is no
 * such holder, so both cost the same), records the outcome on the attempt and answers the holder,
 * or throws the one 401 for an unknown holder and a wrong secret alike.
 */
export async function checkSignIn<T>(
  attempt: SignInAttempt,
  holder: T | null,
  storedHash: (holder: T) => string,
  secret: string,
): Promise<T> {
  if (holder === null) await burnPasswordCheck(secret);
  if (holder === null || !(await verifyPassword(storedHash(holder), secret))) {
    await attempt.failed();
    throw new UnauthorizedError("auth.bad_credentials");
  }
  await attempt.succeeded();
  return holder;
}
