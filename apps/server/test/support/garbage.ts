// Arbitraries of malformed input for the garbage-input test. A body is mostly a
// plausible value of the operation's JSON Schema (from the OpenAPI document or a
// tRPC input) with garbage put in one or two places, since garbage everywhere
// is refused by the first check and never reaches deeper code. Path segments and
// query values are raw, as a client puts them in a URL.
import fc from "fast-check";

export type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
};

/** The inputs that broke things before: text PostgreSQL or UTF-8 can't take, integers past the columns, wrong types. */
const knownBad = fc.constantFrom<unknown>(
  "a\u0000b",
  "\u0000",
  "\ud800",
  "x\udc00y",
  "\udfff\ud800",
  "2147483648",
  "0x10",
  " 5 ",
  "",
  "x".repeat(3000),
  2_147_483_648,
  -2_147_483_649,
  2 ** 53,
  1e308,
  -1,
  0,
  1.5,
  null,
  true,
  [],
  {},
  [1],
  { id: 1 },
);
/** Any UTF-16 code unit, lone surrogates and NUL included. */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));

/** Nesting deeper than any schema expects. */
const deepValue = fc.integer({ min: 20, max: 2000 }).map((depth) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
});
/** Large, but under the body limit. */
const largeValue = fc.constantFrom<unknown>(
  "x".repeat(200_000),
  Array.from({ length: 20_000 }, (_, i) => i),
  Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i])),
);

export const garbageValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: knownBad },
  { weight: 1, arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })) },
  { weight: 1, arbitrary: deepValue },
  { weight: 1, arbitrary: largeValue },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Raw path segments and query values that are no id, or an id out of range. */
const badSegment = fc.oneof(
  fc.constantFrom(
    "0x10",
    "1e3",
    "%205%20",
    "+5",
    "-1",
    "0",
    "010",
    "1.5",
    "2147483648",
    "4294967297",
    "99999999999999999999999",
    "abc",
    "NaN",
    "Infinity",
    "%00",
    "a%00b",
    "%ED%A0%80",
    "%F0%9F%98%80",
    "x".repeat(400),
  ),
  fc.integer().map(String),
  fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent),
);

/** The fixture's records by what a URL or a body calls them, so generated requests reach real rows. */
export type KnownIds = (name: string) => (number | string)[];

/** A path segment named `name`: a known record or garbage. */
export function pathSegment(known: KnownIds, name: string): fc.Arbitrary<string> {
  return fc.oneof(fc.constantFrom(...known(name)).map(String), badSegment);
}

/** A query string for the declared names, garbage in any of them, now and then an undeclared one or a repeated one. */
export function queryString(names: string[], known: KnownIds): fc.Arbitrary<string> {
  const value = (name: string) =>
    fc.oneof(fc.constantFrom(...known(name), "1", "live", "vod", "true", "").map(String), badSegment);
  const pair = fc.constantFrom(...names, "unknown_key").chain((name) => value(name).map((v) => `${name}=${v}`));
  return fc.array(pair, { maxLength: names.length + 2 }).map((pairs) => pairs.join("&"));
}

/** A value of `schema` with garbage in one or two places, or garbage alone. */
export function bodyLike(schema: JsonSchema | undefined, known: KnownIds): fc.Arbitrary<unknown> {
  if (!schema) return garbageValue;
  return fc.oneof(
    { weight: 1, arbitrary: garbageValue },
    {
      weight: 6,
      arbitrary: fc
        .tuple(plausible(schema, known, ""), fc.array(spoiler, { minLength: 1, maxLength: 2 }))
        .map(([value, spoilers]) => spoilers.reduce(spoil, value)),
    },
  );
}

/**
 * What to do to one node of a plausible value: text gets a NUL byte or a lone
 * surrogate somewhere in it (so it still passes every other check) or is
 * replaced, a number is replaced by one past the columns' range, anything else
 * by garbage of any kind.
 */
const spoiler = fc.record({
  node: fc.nat(),
  at: fc.nat(),
  insert: fc.constantFrom("\u0000", "\ud800", "\udc00", "\udfff\ud800"),
  text: fc.option(fc.constantFrom<unknown>("2147483648", "0x10", " 5 ", "", "x".repeat(3000), 1, null), { freq: 3 }),
  number: fc.constantFrom<unknown>(2_147_483_648, -2_147_483_649, 2 ** 53, 1e308, 1.5, -1, "1", null),
  other: garbageValue,
});
type Spoiler = typeof spoiler extends fc.Arbitrary<infer S> ? S : never;

function spoil(value: unknown, { node, at, insert, text, number, other }: Spoiler): unknown {
  const spots: { parent: Record<string, unknown>; key: string }[] = [];
  const walk = (parent: unknown) => {
    if (parent === null || typeof parent !== "object") return;
    for (const [key, child] of Object.entries(parent)) {
      spots.push({ parent: parent as Record<string, unknown>, key });
      walk(child);
    }
  };
  const copy = structuredClone(value);
  walk(copy);
  if (!spots.length) return other;
  const { parent, key } = spots[node % spots.length]!;
  const current = parent[key];
  if (typeof current === "string") {
    const cut = at % (current.length + 1);
    parent[key] = text === null ? current.slice(0, cut) + insert + current.slice(cut) : text;
  } else {
    parent[key] = typeof current === "number" ? number : other;
  }
  return copy;
}

/** Field names whose values the JSON Schema doesn't describe well enough to get one right. */
const TEXT_BY_NAME: Record<string, string[]> = {
  date: ["2031-05-01"],
  datestop: ["2031-05-01", "2031-05-02"],
  start: ["10:00"],
  stop: ["11:30"],
  timezone: ["Europe/Amsterdam"],
  email: ["someone@example.test"],
  notification_email: ["club@example.test"],
  password: ["a long password"],
  password_confirmation: ["a long password"],
  country_short: ["NL"],
  started_at: ["2026-11-25T10:00:00Z"],
  ended_at: ["2026-11-25T11:00:00Z"],
};

function plausible(schema: JsonSchema, known: KnownIds, name: string): fc.Arbitrary<unknown> {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => plausible(choice, known, name)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case "object": {
      const properties = Object.entries(schema.properties ?? {});
      const shape = Object.fromEntries(properties.map(([key, property]) => [key, plausible(property, known, key)]));
      return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((key) => key in shape) });
    }
    case "array":
      return fc.array(plausible(schema.items ?? {}, known, name), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case "integer": {
      const min = schema.minimum ?? 0;
      const max = Math.min(schema.maximum ?? 1000, 1000);
      const ids = known(name).filter((id): id is number => typeof id === "number");
      return ids.length ? fc.constantFrom(...ids) : fc.integer({ min, max: Math.max(min, max) });
    }
    case "number":
      return fc.double({ min: schema.minimum ?? -90, max: schema.maximum ?? 90, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "string":
      return plausibleText(schema, name);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function plausibleText(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  const byName = TEXT_BY_NAME[name];
  if (byName) return fc.constantFrom(...byName);
  if (schema.format === "uri") return fc.constant("https://media.example.test/a/index.m3u8");
  if (schema.format === "date-time") return fc.constant("2026-11-25T10:00:00Z");
  if (schema.pattern)
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 100));
  const min = Math.max(schema.minLength ?? 1, 1);
  return fc.string({ minLength: min, maxLength: Math.max(min, Math.min(schema.maxLength ?? 30, 30)) });
}
