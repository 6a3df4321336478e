// Malformed input never gets a 5xx, nor an answer showing internals. Every
// operation of our own OpenAPI document, and every tRPC procedure, is sent
// generated garbage (path ids in hex, huge, negative or text; bodies and query
// strings with NUL bytes, lone surrogates, huge numbers, wrong types, deep and
// large values) by an anonymous caller and a signed-in club administrator.
import fc from "fast-check";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import { namedOperations, type NamedOperation } from "@clubcast/domain/core/operation.ts";
import { domains } from "@clubcast/domain/domains.generated.ts";
import { startTestApp, type TestApp } from "@clubcast/testkit/app";
import { generousLoginLimits } from "@clubcast/testkit/api";
import { buildMatrixWorld, type World } from "./support/matrix-world.ts";
import { bodyLike, pathSegment, queryString, type JsonSchema, type KnownIds } from "./support/garbage.ts";

/** Fixed, so a failure is reproduced by the next run; runs bounded so the file takes seconds. */
const SEED = 20_261_125;
const RUNS_PER_OPERATION = 20;
/** An anonymous caller of an operation that needs a token is refused before its input is read. */
const RUNS_REFUSED_UNREAD = 3;
/** Each case sends RUNS_PER_OPERATION requests to every one of 100-odd operations: 10–30 s on two cores. */
const EVERY_OPERATION_TIMEOUT_MS = 120_000;

const ACTORS = ["anonymous", "club"] as const;
type Actor = (typeof ACTORS)[number];

/** What no answer may show: stack frames, source paths, the ORM, SQL, internal URLs. */
const INTERNAL_TEXT = [
  // Stack frames: "at fn (/path/file.ts:12:34)" and "at /path/file.ts:12:34".
  /\(\S+:\d+:\d+\)/,
  /\bat (?:file:\/\/)?\/\S+:\d+:\d+/,
  /\/work\//,
  /node_modules/,
  /\.ts:/,
  /prisma/i,
  /\bSELECT\b/,
  /invalid input syntax/i,
  /out of range for type/i,
  /127\.0\.0\.1:/,
];

/** Why an answer is wrong, or null. */
function problemOf(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 300)}`;
  const leak = INTERNAL_TEXT.find((pattern) => pattern.test(res.body));
  return leak ? `shows ${leak}: ${res.body.slice(0, 300)}` : null;
}

interface Failure {
  operation: string;
  actor: Actor;
  counterexample: string;
  problem: string;
}

let t: TestApp;
let w: World;
let known: KnownIds;
beforeAll(async () => {
  // The ingest host would otherwise default to 127.0.0.1, which answers must not show.
  t = await startTestApp({ ...generousLoginLimits, mediaPublicHost: "clubcast.test" });
  w = await buildMatrixWorld(t);
  known = knownIds(w);
});
afterAll(() => t?.close());

/** The fixture's ids by the names URLs and bodies give them; any of them where the name tells nothing. */
function knownIds(world: World): KnownIds {
  const matches = Object.values(world.matches).flatMap((pair) => [pair.public.id, pair.private.id]);
  const clubs = [world.clubA.id, world.clubB.id];
  const teams = [world.teamA.id];
  const fields = [world.fieldA.id, world.fieldB.id];
  const configurations = [world.configurationA.id];
  const sports = [world.football.id, world.football.slug];
  const byName: Record<string, (number | string)[]> = {
    ...Object.fromEntries(["club", "clubs", "club_id", "home", "away", "shared_with"].map((n) => [n, clubs])),
    ...Object.fromEntries(["match", "matches", "match_id"].map((n) => [n, matches])),
    ...Object.fromEntries(["team", "teams", "hometeam", "awayteam", "parent"].map((n) => [n, teams])),
    ...Object.fromEntries(["field", "fields"].map((n) => [n, fields])),
    ...Object.fromEntries(["configuration", "configurations", "configuration_id"].map((n) => [n, configurations])),
    ...Object.fromEntries(["sport", "sports", "sport_id"].map((n) => [n, sports])),
    cameras: [world.cameraA.id],
    recording: [world.recording.id],
    sequences: [world.sequence.id],
    markers: [world.marker.id],
    role: [world.role.id],
    roles: [world.role.id],
    permission_id: [world.permission.id],
    users: [world.clubmate.id],
  };
  const all = [...new Set(Object.values(byName).flat())];
  return (name) => byName[name] ?? all;
}

/** A token of the actor, fresh for each operation: an earlier one may have signed it out. */
async function tokenOf(actor: Actor): Promise<Record<string, string>> {
  const token = await w.fresh.token(actor);
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** Checks one operation with `runs` generated requests; returns the failure fast-check shrank it to. */
async function check<T>(
  operation: string,
  actor: Actor,
  numRuns: number,
  requests: fc.Arbitrary<T>,
  send: (request: T, headers: Record<string, string>) => Promise<LightMyRequestResponse>,
): Promise<Failure | null> {
  const headers = await tokenOf(actor);
  // Shrinking ends on the last request that failed: its problem is the one to show.
  let problem = "";
  const details = await fc.check(
    fc.asyncProperty(requests, async (request) => {
      const found = problemOf(await send(request, headers));
      if (found) problem = found;
      return !found;
    }),
    { seed: SEED, numRuns },
  );
  if (!details.failed) return null;
  return { operation, actor, counterexample: fc.stringify(details.counterexample), problem };
}

interface OpenApiParameter {
  name: string;
  in: "path" | "query";
}
interface OpenApiOperation {
  security?: unknown[];
  responses: Record<string, unknown>;
  parameters: OpenApiParameter[];
  requestBody?: { content: { "application/json": { schema: JsonSchema } } };
}

/** Bodies that aren't JSON objects, or aren't JSON at all. */
const rawBodies = fc.constantFrom("{", "[", "nul", '"\\ud800"', '{"a":"\\u0000"}', "[1,2]", "null", "1e999", "");

/** What a path parameter names: `{id}` by the segment before it (`/sequences/{id}`), others by themselves. */
function resourceOf(path: string, name: string): string {
  return name === "id" ? (/([\w-]+)\/\{id\}/.exec(path)?.[1] ?? name) : name;
}

function restRequests(path: string, operation: OpenApiOperation) {
  const pathNames = operation.parameters.filter((p) => p.in === "path").map((p) => p.name);
  const queryNames = operation.parameters.filter((p) => p.in === "query").map((p) => p.name);
  const bodySchema = operation.requestBody?.content["application/json"].schema;
  return fc.record({
    path: fc
      .tuple(...pathNames.map((name) => pathSegment(known, resourceOf(path, name))))
      .map((segments) => pathNames.reduce((url, name, i) => url.replace(`{${name}}`, segments[i]!), path)),
    query: queryNames.length ? queryString(queryNames, known) : fc.constant(""),
    body: fc.oneof(
      { weight: 6, arbitrary: bodyLike(bodySchema, known).map((value) => JSON.stringify(value) ?? "") },
      { weight: 1, arbitrary: rawBodies },
    ),
  });
}

/** Every operation of the OpenAPI document, as [METHOD path, operation]. */
async function documentedOperations(): Promise<[string, string, OpenApiOperation][]> {
  const document = (await t.app.inject({ method: "GET", url: "/v1/openapi.json" })).json() as {
    paths: Record<string, Record<string, OpenApiOperation>>;
  };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(
      ([method, operation]) => [method.toUpperCase(), path, operation] as [string, string, OpenApiOperation],
    ),
  );
}

const inputSchema = ({ operation }: NamedOperation) =>
  z.toJSONSchema(operation.input, { target: "openapi-3.0", io: "input", unrepresentable: "any" }) as JsonSchema;

describe("generated garbage", () => {
  it.each(ACTORS)(
    "gets no 5xx and shows no internals on any REST operation (%s)",
    async (actor) => {
      const operations = await documentedOperations();
      expect(operations.length).toBeGreaterThan(80);
      const failures: Failure[] = [];
      const undocumented = new Set<string>();
      for (const [method, path, operation] of operations) {
        const failure = await check(
          `${method} ${path}`,
          actor,
          actor === "anonymous" && operation.security ? RUNS_REFUSED_UNREAD : RUNS_PER_OPERATION,
          restRequests(path, operation),
          async (request, headers) => {
            const res = await t.app.inject({
              method: method as "GET",
              url: request.query ? `${request.path}?${request.query}` : request.path,
              headers: { ...headers, "content-type": "application/json" },
              ...(method === "GET" ? {} : { payload: request.body }),
            });
            // The document lists every status the operation answers: a generated client knows each answer.
            if (!(String(res.statusCode) in operation.responses))
              undocumented.add(`${method} ${path} ${res.statusCode}`);
            return res;
          },
        );
        if (failure) failures.push(failure);
      }
      expect(failures).toEqual([]);
      expect([...undocumented]).toEqual([]);
    },
    EVERY_OPERATION_TIMEOUT_MS,
  );

  it.each(ACTORS)(
    "gets no 5xx and shows no internals from any tRPC procedure (%s)",
    async (actor) => {
      // Every operation is a procedure named after its domain and itself.
      const procedures = namedOperations(domains);
      expect(procedures.length).toBeGreaterThan(80);
      const failures: Failure[] = [];
      for (const procedure of procedures) {
        const path = `${procedure.domain}.${procedure.name}`;
        const input = bodyLike(inputSchema(procedure), known).map((value) => JSON.stringify(value) ?? "");
        const failure = await check(
          `${procedure.operation.kind} ${path}`,
          actor,
          RUNS_PER_OPERATION,
          input,
          (json, headers) =>
            procedure.operation.kind === "query"
              ? t.app.inject({ method: "GET", url: `/trpc/${path}?input=${encodeURIComponent(json)}`, headers })
              : t.app.inject({
                  method: "POST",
                  url: `/trpc/${path}`,
                  headers: { ...headers, "content-type": "application/json" },
                  payload: json,
                }),
        );
        if (failure) failures.push(failure);
      }
      expect(failures).toEqual([]);
    },
    EVERY_OPERATION_TIMEOUT_MS,
  );
});
