import { describe, expect, it } from "vitest";
import { initialChunks } from "./initial-js-budget.ts";

const chunk = (
  fileName: string,
  imports: string[] = [],
  extra: { isEntry?: boolean; facadeModuleId?: string } = {},
) => ({
  fileName,
  imports,
  isEntry: extra.isEntry ?? false,
  facadeModuleId: extra.facadeModuleId ?? null,
});

describe("initialChunks", () => {
  it("counts the entry, the page's route chunks and what they import statically, once each", () => {
    const chunks = [
      chunk("index.js", ["react.js", "router.js"], { isEntry: true }),
      chunk("react.js"),
      chunk("router.js", ["react.js"]),
      chunk("HomePage.js", ["Card.js", "react.js"], { facadeModuleId: "/app/src/pages/home/HomePage.tsx" }),
      chunk("Card.js"),
      // Other pages and lazily imported libraries are not part of the first visit.
      chunk("MatchPage.js", ["hls.js"], { facadeModuleId: "/app/src/pages/matches/MatchDetailPage.tsx" }),
      chunk("hls.js"),
    ];
    expect(initialChunks(chunks, ["/app/src/pages/home/HomePage.tsx"])).toEqual([
      "Card.js",
      "HomePage.js",
      "index.js",
      "react.js",
      "router.js",
    ]);
  });
});
