// A club's logo, or, when it has none (or the logo fails to load), a crest
// generated from its name: a shield whose colours and pattern follow from the
// name, so a list of clubs without logos still shows a different crest for each.
// People get a disc with their initials instead (InitialsBadge).
import { useId, useState } from "react";

/** Club-name words that say nothing about which club it is. */
const GENERIC_WORDS = new Set([
  "fc",
  "vv",
  "sv",
  "rkvv",
  "hc",
  "cf",
  "ac",
  "sc",
  "vfb",
  "vfl",
  "tsv",
  "club",
  "de",
  "the",
]);

export function clubInitials(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const meaningful = words.filter((word) => !GENERIC_WORDS.has(word.toLowerCase()));
  const chosen = meaningful.length ? meaningful : words;
  if (chosen.length === 0) return "?";
  if (chosen.length === 1) return chosen[0]!.slice(0, 2).toUpperCase();
  return (chosen[0]![0]! + chosen[1]![0]!).toUpperCase();
}

/** Crest field colours from the palette; the initials sit on a white medallion, so any of them reads. */
const CREST_COLOURS = ["#0f5132", "#1a7f4e", "#22a060", "#3d464e", "#1b2126", "#c93535", "#e6a700", "#0b3d2b"];
/** The second colour of the field, lighter, so every pattern shows. */
const CREST_ACCENTS = ["#ffffff", "#c6f26b", "#86d9ab", "#e1e6ea"];

/** How the shield is divided between its two colours (drawn over the first). */
const CREST_PATTERNS = {
  stripes: "M30 0h10v120H30zM50 0h10v120H50zM70 0h10v120H70z",
  hoops: "M0 24h100v14H0zM0 52h100v14H0zM0 80h100v14H0z",
  halves: "M50 0h50v120H50z",
  quarters: "M50 0h50v56H50zM0 56h50v64H0z",
  chevron: "M0 52l50-30 50 30v20L50 42 0 72z",
  sash: "M0 18L18 0l82 82v24z",
} as const;
const PATTERN_NAMES = Object.keys(CREST_PATTERNS) as (keyof typeof CREST_PATTERNS)[];

const SHIELD = "M8 6h84v50c0 30-20 48-42 58C28 104 8 86 8 56z";

export interface CrestDesign {
  colour: string;
  accent: string;
  pattern: keyof typeof CREST_PATTERNS;
}

/** The crest a club's name gives: the same name always the same crest, different names mostly different ones. */
export function crestDesign(name: string): CrestDesign {
  const hash = nameHash(name);
  return {
    colour: CREST_COLOURS[hash % CREST_COLOURS.length]!,
    accent: CREST_ACCENTS[(hash >>> 8) % CREST_ACCENTS.length]!,
    pattern: PATTERN_NAMES[(hash >>> 16) % PATTERN_NAMES.length]!,
  };
}

/** Disc colours for people's initials; each keeps white initials at 4.5:1 or more (WCAG AA). */
const DISC_COLOURS = ["#0f5132", "#166a43", "#1a7f4e", "#2d6a4f", "#384047", "#22282d", "#3f5b4b", "#4d6b3c"];

function nameHash(name: string): number {
  let hash = 2166136261;
  for (const char of name) hash = Math.imul(hash ^ char.codePointAt(0)!, 16777619) >>> 0;
  return hash;
}

/** A person's initials on a disc in a colour their name picks. */
export function InitialsBadge({ name, size = 48 }: { name: string; size?: number }) {
  return (
    <span
      className="club-badge"
      style={{
        width: size,
        height: size,
        fontSize: size * 0.36,
        background: DISC_COLOURS[nameHash(name) % DISC_COLOURS.length],
      }}
      aria-hidden="true"
    >
      {clubInitials(name)}
    </span>
  );
}

interface ClubBadgeProps {
  name: string;
  logo?: string | null;
  size?: number;
}

function Crest({ name, size }: { name: string; size: number }) {
  const clipId = useId();
  const design = crestDesign(name);
  return (
    <svg
      className="club-badge club-badge--crest"
      data-pattern={design.pattern}
      viewBox="0 0 100 120"
      width={size}
      height={size}
      aria-hidden="true"
    >
      <clipPath id={clipId}>
        <path d={SHIELD} />
      </clipPath>
      <g clipPath={`url(#${clipId})`}>
        <rect width="100" height="120" fill={design.colour} />
        <path d={CREST_PATTERNS[design.pattern]} fill={design.accent} />
      </g>
      <path d={SHIELD} fill="none" stroke="#111518" strokeWidth="5" />
      <circle cx="50" cy="54" r="21" fill="#ffffff" stroke="#111518" strokeWidth="3" />
      <text x="50" y="62" textAnchor="middle" fontSize="22" fontWeight="800" fill="#111518">
        {clubInitials(name)}
      </text>
    </svg>
  );
}

export function ClubBadge({ name, logo, size = 48 }: ClubBadgeProps) {
  const [failed, setFailed] = useState(false);
  if (logo && !failed) {
    return (
      <img
        className="club-badge club-badge--logo"
        src={logo}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        onError={() => setFailed(true)}
      />
    );
  }
  return <Crest name={name} size={size} />;
}
