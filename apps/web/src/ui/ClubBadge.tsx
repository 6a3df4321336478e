// A club's logo, or a crest with its initials when it has none (or the logo fails to load).
import { useState } from "react";

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

/**
 * Crest colours from the palette, picked by name so a club always gets the same one;
 * each keeps white initials at 4.5:1 or more (WCAG AA).
 */
const CREST_COLOURS = ["#0f5132", "#166a43", "#1a7f4e", "#2d6a4f", "#384047", "#22282d", "#3f5b4b", "#4d6b3c"];

export function crestColour(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return CREST_COLOURS[hash % CREST_COLOURS.length]!;
}

interface ClubBadgeProps {
  name: string;
  logo?: string | null;
  size?: number;
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
  return (
    <span
      className="club-badge"
      style={{ width: size, height: size, fontSize: size * 0.36, background: crestColour(name) }}
      aria-hidden="true"
    >
      {clubInitials(name)}
    </span>
  );
}
