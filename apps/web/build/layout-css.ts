// The spec's breakpoints and layout sizes (section 9) live in @clubcast/shared;
// this Vite plugin hands them to the CSS, so no value is typed twice:
// - `import "virtual:layout.css"` gives the sizes as variables on :root
//   (--topbar-height, --front-width, --side-nav-width), switched at the breakpoints;
// - `@media (--mobile)` and the other names of CUSTOM_MEDIA (custom media, as the
//   CSS draft writes them) are expanded to the breakpoints' queries.
import { BREAKPOINTS, FRONT_PAGE_WIDTH, SIDE_NAV_WIDTH_PERCENT, TOP_BAR_HEIGHT } from "@clubcast/shared";
import type { Plugin } from "vite";

const px = (value: number) => `${value}px`;

type Breakpoint = Exclude<keyof typeof BREAKPOINTS, "mobileMax">;
const WIDTHS = Object.keys(BREAKPOINTS).filter((name) => name !== "mobileMax") as Breakpoint[];

/** The media queries stylesheets name: below and from each breakpoint, and the mobile/desktop split. */
export const CUSTOM_MEDIA: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    WIDTHS.flatMap((name) => [
      [`--below-${name}`, `(max-width: ${px(BREAKPOINTS[name] - 1)})`],
      [`--from-${name}`, `(min-width: ${px(BREAKPOINTS[name])})`],
    ]),
  ),
  "--mobile": `(max-width: ${px(BREAKPOINTS.mobileMax)})`,
  "--desktop": `(min-width: ${px(BREAKPOINTS.mobileMax + 1)})`,
};

/** The layout sizes as variables on :root. */
export function layoutStylesheet(): string {
  return [
    `:root {`,
    `  --topbar-height: ${px(TOP_BAR_HEIGHT.desktop)};`,
    `  --front-width: ${px(FRONT_PAGE_WIDTH)};`,
    `  --side-nav-width: ${SIDE_NAV_WIDTH_PERCENT.default}vw;`,
    `}`,
    `@media ${CUSTOM_MEDIA["--mobile"]} {`,
    `  :root { --topbar-height: ${px(TOP_BAR_HEIGHT.mobile)}; }`,
    `}`,
    `@media ${CUSTOM_MEDIA["--from-large"]} {`,
    `  :root { --side-nav-width: ${SIDE_NAV_WIDTH_PERCENT.large}vw; }`,
    `}`,
    ``,
  ].join("\n");
}

/** `css` with each `(--name)` of an @media rule replaced by its query; an unknown name fails the build. */
export function expandCustomMedia(css: string, file: string): string {
  return css.replace(/@media([^{]*)\{/g, (_rule, prelude: string) => {
    const expanded = prelude.replace(/\(\s*(--[\w-]+)\s*\)/g, (_name, name: string) => {
      const query = CUSTOM_MEDIA[name];
      if (!query)
        throw new Error(`${file}: unknown custom media ${name} (known: ${Object.keys(CUSTOM_MEDIA).join(", ")})`);
      return query;
    });
    return `@media${expanded}{`;
  });
}

const VIRTUAL_ID = "virtual:layout.css";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

export function layoutFromShared(): Plugin {
  return {
    name: "clubcast-layout-css",
    // Before Vite's own CSS handling, which would pass the custom media on as written.
    enforce: "pre",
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? layoutStylesheet() : undefined),
    transform(code, id) {
      if (!/\.css($|\?)/.test(id) || id === RESOLVED_ID) return undefined;
      return { code: expandCustomMedia(code, id), map: null };
    },
  };
}
