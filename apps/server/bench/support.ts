// Shared plumbing of the benchmarks: a throw-away migrated database, autocannon
// runs and the printed table.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { databaseUrl } from "@clubcast/db";
import { adminQuery, withDatabase } from "@clubcast/testkit";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** Creates (fresh) and migrates a database named `name` beside DATABASE_URL's. */
export async function freshMigratedDatabase(name: string): Promise<string> {
  const server = databaseUrl();
  await adminQuery(server, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await adminQuery(server, `CREATE DATABASE "${name}"`);
  const url = withDatabase(server, name);
  const migrate = spawnSync(process.execPath, ["--import", "tsx", "scripts/prisma.ts", "migrate", "deploy"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url },
    encoding: "utf8",
  });
  if (migrate.status !== 0) throw new Error(`migrate failed: ${migrate.stderr}`);
  return url;
}

export async function dropDatabase(name: string): Promise<void> {
  await adminQuery(databaseUrl(), `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

export async function load(
  name: string,
  url: string,
  options: { connections: number; durationSeconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: options.headers,
    // The load comes from a thread of its own, as from another machine: on the
    // server's event loop it would queue behind the requests it measures.
    workers: 1,
  });
  const non2xx = result.non2xx ?? 0;
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + non2xx,
  };
}

export function printTable(title: string, header: string[], rows: (string | number)[][]): void {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log(`| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`);
  for (const row of cells.slice(1)) console.log(line(row));
  console.log();
}
