// Makes the database ready: creates it if missing, applies migrations, and
// seeds it when it is empty. Safe to run any number of times.
import pg from "pg";
import { databaseUrl, redisUrl } from "@clubcast/db";

import { runPrisma } from "./run-prisma.ts";
import { checkPostgres, checkRedis } from "@clubcast/db/health";

async function databaseExists(url: string): Promise<boolean> {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: url.replace(/\/[^/?]*(\?|$)/, "/postgres$1") });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    return rowCount === 1;
  } finally {
    await client.end();
  }
}

async function isEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>("SELECT count(*) FROM sports");
    return rows[0]?.count === "0";
  } finally {
    await client.end();
  }
}

export async function prepareDatabase(): Promise<void> {
  const url = databaseUrl();
  await checkPostgres(url);
  await checkRedis(redisUrl());
  if (!(await databaseExists(url))) {
    const name = new URL(url).pathname.slice(1);
    console.log(`Creating database ${name}`);
    const admin = new pg.Client({ connectionString: url.replace(/\/[^/?]*(\?|$)/, "/postgres$1") });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`).finally(() => admin.end());
  }
  if (runPrisma(["migrate", "deploy"], { ...process.env, DATABASE_URL: url }) !== 0) {
    throw new Error("Applying migrations failed (see above).");
  }
  if (await isEmpty(url)) {
    console.log("Seeding the empty database with demo data");
    const { seed, DEMO_SIGN_IN_HINT } = await import("../prisma/seed.ts");
    await seed();
    console.log(DEMO_SIGN_IN_HINT);
  }
}
