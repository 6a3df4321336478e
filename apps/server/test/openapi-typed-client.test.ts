// A client generated from /v1/openapi.json (openapi-typescript) knows every
// answer of every operation: the generated types are type-checked against the
// server's own types — each success answer as tRPC types it (from the
// operation's zod output) and each documented refusal as errorBody makes it —
// so the document cannot drift from what the server answers.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { startTestApp, type TestApp } from "@clubcast/testkit/app";

const ROOT = resolve(import.meta.dirname, "../../..");
const SERVER = join(ROOT, "apps/server/src");

let t: TestApp;
let folder: string;
beforeAll(async () => {
  t = await startTestApp();
  // Under the repository's node_modules, so the check's imports (tRPC, zod) resolve as the server's do.
  await mkdir(join(ROOT, "node_modules/.cache"), { recursive: true });
  folder = await mkdtemp(join(ROOT, "node_modules/.cache/openapi-typed-client-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
  await t.close();
});

type Responses = Record<string, { content?: object }>;
type Document = { paths: Record<string, Record<string, { "x-trpc-procedure": string; responses: Responses }>> };

/** One line of TypeScript per answer of each operation: the server's type must fit the generated one. */
function checksOf(document: Document): string[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, { "x-trpc-procedure": procedure, responses }]) => {
      const [domain, name] = procedure.split(".") as [string, string];
      const operation = `paths[${JSON.stringify(path)}][${JSON.stringify(method)}]`;
      const statuses = Object.keys(responses);
      return [
        // The generated client knows exactly the documented statuses.
        `Same<keyof ${operation}["responses"], ${statuses.join(" | ")}>(true);`,
        ...statuses.flatMap((status) => {
          if (!responses[status]!.content) return [];
          const answer = `${operation}["responses"][${status}]["content"]["application/json"]`;
          const server = status.startsWith("2")
            ? `Outputs[${JSON.stringify(domain)}][${JSON.stringify(name)}]`
            : "ErrorAnswer";
          return [`Fits<${server}, ${answer}>(true);`];
        }),
      ];
    }),
  );
}

describe("a client generated from the OpenAPI document", () => {
  it("types every documented answer of every operation as the server answers it", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/v1/openapi.json" })).json() as Document;
    await writeFile(join(folder, "api.d.ts"), astToString(await openapiTS(document as never)));
    const checks = checksOf(document);
    await writeFile(
      join(folder, "check.ts"),
      [
        `import type { inferRouterOutputs } from "@trpc/server";`,
        `import type { AppRouter } from ${JSON.stringify(join(SERVER, "trpc/app-router.ts"))};`,
        `import type { errorBody } from ${JSON.stringify(join(SERVER, "core/http.ts"))};`,
        `import type { paths } from "./api.d.ts";`,
        `type Outputs = inferRouterOutputs<AppRouter>;`,
        `type ErrorAnswer = ReturnType<typeof errorBody>;`,
        `declare function Fits<Server, Generated>(fits: [Server] extends [Generated] ? true : never): void;`,
        `declare function Same<A, B>(same: [A] extends [B] ? ([B] extends [A] ? true : never) : never): void;`,
        ...checks,
        "",
      ].join("\n"),
    );
    const config = ts.getParsedCommandLineOfConfigFile(
      join(ROOT, "tsconfig.json"),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
          throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
        },
      },
    )!;
    const program = ts.createProgram([join(folder, "check.ts")], config.options);
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) =>
        ts.formatDiagnostic(diagnostic, { ...ts.sys, getCanonicalFileName: (name) => name, getNewLine: () => "\n" }),
      );
    expect(problems).toEqual([]);
    // A check per operation at least (its statuses) and one per answer with a body.
    expect(checks.length).toBeGreaterThan(2 * t.routes.length);
  }, 600_000);
});
