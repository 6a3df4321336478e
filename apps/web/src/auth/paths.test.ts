import { describe, expect, it } from "vitest";
import { afterLoginPath, loginPath } from "./paths.ts";

describe("loginPath", () => {
  it("is the locale's login page", () => {
    expect(loginPath("en")).toBe("/auth/login");
    expect(loginPath("de")).toBe("/de/auth/login");
  });

  it("carries a local path of letters, digits and @ - % _ ~ / as redirect target", () => {
    expect(loginPath("en", "/dashboard/users/12")).toBe("/auth/login?redirect=/dashboard/users/12");
    expect(loginPath("nl", "/nl/dashboard/clubs/all")).toBe("/nl/auth/login?redirect=/nl/dashboard/clubs/all");
    expect(loginPath("en", "/dashboard/~me_@x-1")).toBe("/auth/login?redirect=/dashboard/~me_@x-1");
    // '%' is escaped so the target reads back unchanged.
    expect(loginPath("en", "/dashboard/a%20b")).toBe("/auth/login?redirect=/dashboard/a%2520b");
    expect(new URLSearchParams("redirect=/dashboard/a%2520b").get("redirect")).toBe("/dashboard/a%20b");
  });

  it.each([
    "dashboard",
    "//evil.example",
    "https://evil.example/",
    "/dashboard?tab=2",
    "/dashboard#top",
    "/dash board",
    "/dashboard/ünïcode",
    "/auth/login",
    "/nl/auth/reset",
  ])("drops %s", (target) => {
    expect(loginPath("en", target)).toBe("/auth/login");
  });
});

describe("afterLoginPath", () => {
  it("is the safe redirect target, else the locale's dashboard", () => {
    expect(afterLoginPath("/dashboard/scheduler", "en")).toBe("/dashboard/scheduler");
    expect(afterLoginPath(null, "en")).toBe("/dashboard/");
    expect(afterLoginPath(null, "nl")).toBe("/nl/dashboard/");
    expect(afterLoginPath("//evil.example", "de")).toBe("/de/dashboard/");
    expect(afterLoginPath("/de/auth/register", "de")).toBe("/de/dashboard/");
  });
});
