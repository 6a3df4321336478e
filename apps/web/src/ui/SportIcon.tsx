// A simple glyph per kind of sport, for the sports pages.
import type { SportType } from "@clubcast/shared";

const BALL = "M24 4a20 20 0 1 0 0 40 20 20 0 0 0 0-40z";
const GLYPHS: Record<"ball" | "basket" | "volley" | "oval" | "stick" | "skate" | "water", string[]> = {
  ball: [
    BALL,
    "M24 15l8.5 6.2-3.3 10h-10.4l-3.3-10zM24 15V5M32.5 21.2l9-3M29.2 31.2l5.6 8M18.8 31.2l-5.6 8M15.5 21.2l-9-3",
  ],
  basket: [BALL, "M4 24h40M24 4v40M10 10c6 5 6 23 0 28M38 10c-6 5-6 23 0 28"],
  volley: [BALL, "M24 4c-2 8 0 16 6 21M44 24c-8-1-16 2-20 8M8 36c5-6 8-14 6-22M24 24l-14-6"],
  oval: ["M8 40C4 26 14 8 40 8c4 14-6 32-32 32z", "M14 34L34 14M20 24l4 4M24 20l4 4M28 16l4 4"],
  stick: ["M30 4l-8 30c-1 5-6 8-11 7l-3-1", "M36 38a4 4 0 1 0 0-8 4 4 0 0 0 0 8z"],
  skate: ["M8 30h26c5 0 8-3 8-7V10h-8v6c0 3-3 4-6 4H12c-3 0-4 2-4 4z", "M6 38h36M14 30v8M34 30v8"],
  water: [BALL, "M2 36c4 0 4 3 8 3s4-3 8-3 4 3 8 3 4-3 8-3 4 3 8 3"],
};

const GLYPH_OF: Record<SportType, keyof typeof GLYPHS> = {
  football: "ball",
  football_tactical: "ball",
  futsal: "ball",
  handball: "ball",
  basketball: "basket",
  volleyball: "volley",
  rugby: "oval",
  rugby_tactical: "oval",
  hockey: "stick",
  floorball: "stick",
  icehockey: "stick",
  figure_skating: "skate",
  waterpolo: "water",
};

export function SportIcon({ type, size = 48 }: { type: SportType; size?: number }) {
  return (
    <svg
      viewBox="0 0 48 48"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2.4}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {GLYPHS[GLYPH_OF[type]].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
