import { describe, expect, it } from "vitest";
import { BREAKPOINTS, FRONT_PAGE_WIDTH, TOP_BAR_HEIGHT } from "@clubcast/shared";
import { CUSTOM_MEDIA, expandCustomMedia, layoutStylesheet } from "./layout-css.ts";

describe("layout CSS from @clubcast/shared", () => {
  it("expands custom media to the breakpoints' queries, leaving other media rules alone", () => {
    const css = [
      "@media (--mobile) { .a { color: red; } }",
      "@media screen and (--below-sm) { .b { color: red; } }",
      "@media (prefers-reduced-motion: reduce) { .c { animation: none; } }",
    ].join("\n");
    expect(expandCustomMedia(css, "x.css")).toBe(
      [
        `@media (max-width: ${BREAKPOINTS.mobileMax}px) { .a { color: red; } }`,
        `@media screen and (max-width: ${BREAKPOINTS.sm - 1}px) { .b { color: red; } }`,
        "@media (prefers-reduced-motion: reduce) { .c { animation: none; } }",
      ].join("\n"),
    );
    expect(CUSTOM_MEDIA["--desktop"]).toBe(`(min-width: ${BREAKPOINTS.mobileMax + 1}px)`);
    expect(CUSTOM_MEDIA["--from-large"]).toBe(`(min-width: ${BREAKPOINTS.large}px)`);
  });

  it("fails on a custom media name it doesn't know, rather than ship a query that never matches", () => {
    expect(() => expandCustomMedia("@media (--tablet) { .a { color: red; } }", "x.css")).toThrow(
      "x.css: unknown custom media --tablet",
    );
  });

  it("gives the layout sizes as variables, the top bar's switching to mobile below the desktop breakpoint", () => {
    const css = layoutStylesheet();
    expect(css).toContain(`--topbar-height: ${TOP_BAR_HEIGHT.desktop}px;`);
    expect(css).toContain(`--front-width: ${FRONT_PAGE_WIDTH}px;`);
    expect(css).toContain(
      `@media (max-width: ${BREAKPOINTS.mobileMax}px) {\n  :root { --topbar-height: ${TOP_BAR_HEIGHT.mobile}px; }`,
    );
  });
});
