// The malformed requests that got a 500, each answered as the client's mistake
// now: NUL bytes and lone surrogates in text, integers past PostgreSQL's integer
// columns, ids written as hex, exponents or with blanks; and answers of
// unexpected errors, which over tRPC showed Prisma's message with server paths;
// bodies over the limit, answered as bad JSON or with a reset connection.
// Plus the rule behind them: every text and number any input schema takes is
// checked by the shared building blocks.
import { connect } from "node:net";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import type { Match, Sequence } from "@clubcast/db";
import { namedOperations } from "@clubcast/domain/core/operation.ts";
import { domains } from "@clubcast/domain/domains.generated.ts";
import { useTestAppWithCast } from "@clubcast/testkit/api";
import { createMatch } from "@clubcast/testkit/factories";

const { t, http, cast } = useTestAppWithCast();
let match: Match;
let sequence: Sequence;

beforeAll(async () => {
  match = await createMatch(t.deps.prisma, { clubId: cast.clubA.id, status: "vod" });
  sequence = await t.deps.prisma.sequence.create({ data: { matchId: match.id, userId: cast.adminA.user.id } });
});

/** The answer is a 422 naming exactly these fields. */
function expect422(res: { statusCode: number; json(): { errors?: object } }, ...fields: string[]) {
  expect(res.statusCode).toBe(422);
  expect(Object.keys(res.json().errors ?? {})).toEqual(fields);
}

describe("text PostgreSQL can't store", () => {
  it("is a 422 naming the field when it holds a NUL byte, signed in or not", async () => {
    for (const token of [undefined, cast.adminA.token]) {
      const res = await http.post("/v1/search/all", { query: "a\u0000b" }, token);
      expect422(res, "query");
      expect(res.json().errors.query).toEqual(["The query field contains characters that are not allowed."]);
    }
    expect422(await http.post("/v1/camera/token", { client_id: "a\u0000b", client_secret: "secret" }), "client_id");
  });

  it("is a 422 naming the field when it holds a lone surrogate", async () => {
    for (const query of ["\ud800", "x\udc00y", "\udfff\ud800"]) {
      expect422(await http.post("/v1/search/all", { query }), "query");
    }
    // A surrogate pair is one character, and fine.
    expect((await http.post("/v1/search/all", { query: "⚽ 😀" })).statusCode).toBe(200);
  });

  it("is refused by tRPC the same way", async () => {
    const res = await http.mutation("search.all", { query: "a\u0000b" });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.data.errors).toEqual({
      query: ["The query field contains characters that are not allowed."],
    });
  });
});

describe("a value of the wrong type", () => {
  it("is named as such, not as missing, on REST and tRPC", async () => {
    const marker = { time_ms: "soon", label: ["Goal"] };
    const res = await http.post(`/v1/sequences/${sequence.id}/markers`, marker, cast.adminA.token);
    expect422(res, "time_ms", "label");
    expect(res.json().errors).toEqual({
      time_ms: ["The time ms field must be a number."],
      label: ["The label field must be a string."],
    });
    const trpc = await http.mutation("sequences.addMarker", { id: sequence.id, ...marker }, cast.adminA.token);
    expect(trpc.json().error.data.errors).toEqual(res.json().errors);
    // What is missing is still missing.
    const missing = await http.post(`/v1/sequences/${sequence.id}/markers`, {}, cast.adminA.token);
    expect(missing.json().errors.label).toEqual(["The label field is required."]);
    const missingOverTrpc = await http.mutation("sequences.addMarker", { id: sequence.id }, cast.adminA.token);
    expect(missingOverTrpc.json().error.data.errors.label).toEqual(["The label field is required."]);
  });
});

describe("integers past PostgreSQL's integer columns", () => {
  it("are a 422 naming the field, in a path and in a body", async () => {
    expect422(await http.get("/v1/sports/2147483648"), "sport");
    expect((await http.get("/v1/sports/2147483647")).statusCode).toBe(404);
    const marker = await http.post(
      `/v1/sequences/${sequence.id}/markers`,
      { time_ms: 2_147_483_648, label: "Goal" },
      cast.adminA.token,
    );
    expect422(marker, "time_ms");
    const edit = await http.put(
      `/v1/clubs/${cast.clubA.id}/matches/${match.id}`,
      { hometeam: 2_147_483_648 },
      cast.adminA.token,
    );
    expect422(edit, "hometeam");
  });

  it("are a 422 over tRPC, whose answer shows nothing of the server", async () => {
    const res = await http.query("sports.get", { sport: "2147483648" });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.data.errors).toHaveProperty("sport");
    expect(res.body).not.toMatch(/prisma|\.ts:|\/work\//i);
  });

  it("in paging are a 422, so no query skips past what PostgreSQL counts", async () => {
    expect422(await http.get("/v1/matches?status=vod&page=2147483648"), "page");
    expect((await http.get("/v1/matches?status=vod&page=2147483647&limit=100")).statusCode).toBe(200);
  });
});

describe("ids in a URL", () => {
  it("are decimal digits: hex, exponents, signs, blanks and leading zeros name no record", async () => {
    const id = match.id;
    for (const written of [`0x${id.toString(16)}`, `${id}e0`, `%20${id}%20`, `+${id}`, `0${id}`, `${id}.0`, `-${id}`]) {
      const res = await http.del(`/v1/matches/${written}`, cast.adminA.token);
      expect(res.statusCode, written).toBe(422);
      expect(Object.keys(res.json().errors), written).toEqual(["id"]);
    }
    // Text that isn't valid UTF-8 once decoded (a lone surrogate's bytes) can't be routed: no such URL.
    const undecodable = await http.del("/v1/matches/%ED%A0%80", cast.adminA.token);
    expect(undecodable.statusCode).toBe(404);
    expect(undecodable.json()).toEqual({ message: "Route DELETE:/v1/matches/%ED%A0%80 not found." });
    expect(await t.deps.prisma.match.count({ where: { id } })).toBe(1);
    expect422(await http.get("/v1/matches?status=vod&page=0x2&limit=1e2"), "page", "limit");
  });
});

describe("unexpected errors", () => {
  it("answer a generic message on both transports; the detail stays in the log", async () => {
    const { sports } = t.services;
    const list = sports.list;
    const failure = new Error("Invalid `prisma.sport.findMany()` in /work/x/service.ts:3:1: SELECT 1");
    sports.list = () => Promise.reject(failure);
    // Requests log through the app's logger (a silent one in tests, so it can be watched).
    const logged = vi.spyOn(t.app.log, "error");
    try {
      const rest = await http.get("/v1/sports");
      expect(rest.statusCode).toBe(500);
      expect(rest.json()).toEqual({ message: "Something went wrong." });
      const trpc = await http.get("/trpc/sports.list");
      expect(trpc.statusCode).toBe(500);
      expect(trpc.json().error.message).toBe("Something went wrong.");
      expect(trpc.body).not.toMatch(/prisma|\.ts:|\/work\/|SELECT/i);
      expect(logged.mock.calls.filter(([error]) => error === failure)).toHaveLength(2);
    } finally {
      sports.list = list;
      logged.mockRestore();
    }
  });
});

describe("a body over the limit", () => {
  const overLimit = { query: "x".repeat(1_100_000) };

  it("is a 413 with a message, on REST and tRPC", async () => {
    const rest = await http.post("/v1/search/all", overLimit);
    expect(rest.statusCode).toBe(413);
    expect(rest.json()).toEqual({ message: "The request body is too large: at most 1048576 bytes are accepted." });
    const trpc = await http.mutation("search.all", overLimit);
    expect(trpc.statusCode).toBe(413);
  });

  it("is answered once the client has sent it, not reset while it sends", async () => {
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = new URL(address);
    const size = 2_000_000;
    let sent = 0;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1");
      let received = "";
      socket.on("data", (chunk) => (received += chunk.toString()));
      socket.on("error", reject);
      // A client reads the answer once its request is out: a connection closed before that fails it.
      socket.on("end", () => (sent < size ? reject(new Error(`closed after ${sent} of ${size} bytes`)) : undefined));
      socket.on("close", () => resolve(received));
      socket.write(
        `POST /v1/search/all HTTP/1.1\r\nhost: clubcast.test\r\ncontent-type: application/json\r\ncontent-length: ${size}\r\n\r\n`,
      );
      // Sent in pieces over a while, as over a real network: the answer is ready long before the body is.
      const sendMore = () => {
        const piece = Buffer.alloc(Math.min(64 * 1024, size - sent), "x");
        sent += piece.length;
        socket.write(piece);
        if (sent < size) setTimeout(sendMore, 3);
      };
      sendMore();
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain("The request body is too large");
  });
});

describe("every input schema", () => {
  type Node = z.core.$ZodType;
  interface Leaves {
    texts: Map<Node, string>;
    numbers: Map<Node, string>;
  }
  /** The text and number schemas inside `schema`, by where they are; a pipe's numbers are those it ends in. */
  function collect(schema: Node, where: string, found: Leaves, numbers = true): void {
    const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
    const walk = (child: unknown, at = where, withNumbers = numbers) => collect(child as Node, at, found, withNumbers);
    if (def.type === "string") found.texts.set(schema, where);
    if (def.type === "number" && numbers) found.numbers.set(schema, where);
    if (def.type === "object")
      Object.entries(def.shape as object).forEach(([key, child]) => walk(child, `${where}.${key}`));
    if (def.type === "union") (def.options as Node[]).forEach((child) => walk(child));
    if (def.type === "array") walk(def.element, `${where}[]`);
    if (def.type === "pipe") {
      walk(def.in, where, false);
      walk(def.out);
    }
    if ("innerType" in def) walk(def.innerType);
  }

  it("refuses NUL bytes and lone surrogates in every text, and integers past the columns in every number", async () => {
    // REST and tRPC take the same input of each operation.
    const found: Leaves = { texts: new Map(), numbers: new Map() };
    for (const { domain, name, operation } of namedOperations(domains)) {
      collect(operation.input as unknown as Node, `${domain}.${name}`, found);
    }
    expect(found.texts.size).toBeGreaterThan(30);
    expect(found.numbers.size).toBeGreaterThan(5);
    const accepted = (schema: Node, value: unknown) => !("issues" in schema["~standard"].validate(value));
    const takesBadText = [...found.texts].filter(([schema]) =>
      ["a\u0000b", "\ud800", "x\udc00"].some((bad) => accepted(schema, bad)),
    );
    const takesHugeNumbers = [...found.numbers].filter(([schema]) =>
      [2_147_483_648, -2_147_483_649].some((bad) => accepted(schema, bad)),
    );
    expect(takesBadText.map(([, where]) => where)).toEqual([]);
    expect(takesHugeNumbers.map(([, where]) => where)).toEqual([]);
  });
});
