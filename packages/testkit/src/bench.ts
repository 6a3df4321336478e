// What the benchmarks of every app share: a throw-away migrated database,
// measures, and the printed table.
import { Redis } from "ioredis";
import { databaseUrl } from "@clubcast/db";
import { adminQuery, migrateDatabase, withDatabase } from "./database.ts";

/** Creates (fresh) and migrates a database named `name` beside DATABASE_URL's. */
export async function freshMigratedDatabase(name: string): Promise<string> {
  const server = databaseUrl();
  await adminQuery(server, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await adminQuery(server, `CREATE DATABASE "${name}"`);
  const url = withDatabase(server, name);
  migrateDatabase(url);
  return url;
}

export async function dropDatabase(name: string): Promise<void> {
  await adminQuery(databaseUrl(), `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
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

/** The q-quantile (0..1) of the values, by the nearest-rank method; NaN when there are none. */
export function percentile(values: readonly number[], q: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Removes every Redis key under a benchmark's prefix. */
export async function clearRedisPrefix(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== "0");
  redis.disconnect();
}

export const megabytes = (bytes: number) => bytes / 1024 / 1024;
