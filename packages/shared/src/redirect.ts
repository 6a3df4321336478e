/** A redirect target must be a local path made only of letters, digits and @ - % _ ~ / (spec section 2). */
const SAFE_REDIRECT = /^\/[A-Za-z0-9@\-%_~/]*$/;

export function isSafeRedirect(target: unknown): target is string {
  return typeof target === "string" && SAFE_REDIRECT.test(target) && !target.startsWith("//");
}

export function safeRedirectOr(target: unknown, fallback: string): string {
  return isSafeRedirect(target) ? target : fallback;
}
