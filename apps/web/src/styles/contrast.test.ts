// The status pills' text against their own background, read from the style
// sheets that define them (tokens in base.css, pills in components.css), must
// meet WCAG 2 AA for normal text: a contrast ratio of at least 4.5:1.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const sheet = (name: string) => readFileSync(join(import.meta.dirname, name), "utf8");
const BASE = sheet("base.css");
const COMPONENTS = sheet("components.css");

/** The custom properties of :root in base.css. */
const TOKENS = new Map(
  [...(/:root\s*\{([^}]*)\}/.exec(BASE)?.[1] ?? "").matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [
    m[1],
    m[2]!.trim(),
  ]),
);

function resolve(value: string): string {
  const variable = /^var\((--[\w-]+)\)$/.exec(value);
  if (!variable) return value;
  const token = TOKENS.get(variable[1]!);
  if (token === undefined) throw new Error(`unknown token ${variable[1]}`);
  return resolve(token);
}

function rgb(color: string): [number, number, number] {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) throw new Error(`not a hex colour: ${color}`);
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join("") : hex;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG 2 relative luminance. */
function luminance(color: string): number {
  const [r, g, b] = rgb(color).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Each `.status-pill` rule (the base one and its modifiers) with its background and text colour. */
function pills(): { rule: string; background: string; color: string }[] {
  const rules = [...COMPONENTS.matchAll(/^\.(status-pill(?:--[\w-]+)?)\s*\{([^}]*)\}/gm)];
  const declared = (body: string, property: string) =>
    new RegExp(`(?:^|[;\\s])${property}:\\s*([^;]+);`).exec(body)?.[1]?.trim();
  const base = rules.find((m) => m[1] === "status-pill")?.[2] ?? "";
  return rules.map(([, rule, body]) => ({
    rule: rule!,
    background: resolve(declared(body!, "background") ?? declared(base, "background")!),
    color: resolve(declared(body!, "color") ?? declared(base, "color")!),
  }));
}

describe("the status pills", () => {
  it("are all found in the style sheet", () => {
    expect(pills().map((pill) => pill.rule)).toEqual(
      expect.arrayContaining(["status-pill", "status-pill--live", "status-pill--vod", "status-pill--scheduled"]),
    );
  });

  it.each(pills())("$rule keeps a WCAG AA contrast between text and background", ({ background, color }) => {
    expect(contrast(color, background)).toBeGreaterThanOrEqual(4.5);
  });

  it("measures contrast as WCAG does", () => {
    expect(contrast("#000", "#fff")).toBeCloseTo(21, 5);
    expect(contrast("#777777", "#fff")).toBeCloseTo(4.48, 2);
  });
});
