import { describe, expect, it } from "vitest";
import {
  browserLocale,
  initialPath,
  localeFromPath,
  localizePath,
  LOCALE_COOKIE,
  rememberLocale,
  resolveLocale,
  stripLocale,
  switchLocalePath,
} from "./locale.ts";
import { readCookie } from "../lib/cookies.ts";

describe("locale resolution", () => {
  it("takes the locale cookie first", () => {
    expect(resolveLocale("de", ["nl-NL", "en-US"])).toBe("de");
    expect(resolveLocale("en", ["nl-NL"])).toBe("en");
  });

  it("then the browser's first supported language", () => {
    expect(resolveLocale(null, ["fr-FR", "nl-BE", "de-DE"])).toBe("nl");
    expect(resolveLocale("xx", ["de-AT"])).toBe("de");
    expect(browserLocale(["NL"])).toBe("nl");
  });

  it("then English", () => {
    expect(resolveLocale(null, ["fr-FR", "es"])).toBe("en");
    expect(resolveLocale(null, [])).toBe("en");
  });
});

describe("locale paths", () => {
  it("read the locale from the prefix; no prefix is English", () => {
    expect(localeFromPath("/")).toBe("en");
    expect(localeFromPath("/matches/3")).toBe("en");
    expect(localeFromPath("/nl")).toBe("nl");
    expect(localeFromPath("/de/sports/football")).toBe("de");
    // Only a whole first segment is a prefix.
    expect(localeFromPath("/nlx/matches")).toBe("en");
    expect(localeFromPath("/en/matches")).toBe("en");
  });

  it("strip, add and switch prefixes; the home page is /{locale}", () => {
    expect(stripLocale("/nl/matches")).toBe("/matches");
    expect(stripLocale("/de")).toBe("/");
    expect(stripLocale("/matches")).toBe("/matches");
    expect(localizePath("/", "nl")).toBe("/nl");
    expect(localizePath("/matches", "de")).toBe("/de/matches");
    expect(localizePath("/matches", "en")).toBe("/matches");
    expect(switchLocalePath("/nl/sports/hockey", "de")).toBe("/de/sports/hockey");
    expect(switchLocalePath("/de", "en")).toBe("/");
  });

  it("move a first visit without prefix to the preferred language, and leave prefixed paths alone", () => {
    expect(initialPath("/", "nl")).toBe("/nl");
    expect(initialPath("/matches/4", "de")).toBe("/de/matches/4");
    expect(initialPath("/matches/4", "en")).toBe("/matches/4");
    expect(initialPath("/de/matches", "nl")).toBe("/de/matches");
  });
});

describe("the locale cookie", () => {
  it("remembers the locale the visitor is in", () => {
    expect(readCookie(LOCALE_COOKIE)).toBeNull();
    rememberLocale("de");
    expect(readCookie(LOCALE_COOKIE)).toBe("de");
    rememberLocale("nl");
    expect(resolveLocale(readCookie(LOCALE_COOKIE), ["de-DE"])).toBe("nl");
  });
});
