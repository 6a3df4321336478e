// Prisma CLI configuration. The CLI runs offline through its bundled
// WebAssembly schema engine and our pg driver adapter (see docs/toolchain notes):
// no native engine is ever downloaded.
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";
import { catalogSafePool } from "./packages/db/src/pool.ts";
import { databaseUrl } from "./packages/db/src/env.ts";

/**
 * @prisma/adapter-pg 6.19 applies a migration by splitting its SQL at every ';',
 * which cuts dollar-quoted function bodies (the read cache's triggers) apart.
 * This adapter sends each migration as one simple query instead; PostgreSQL runs
 * that as one implicit transaction, so a failing migration leaves nothing behind.
 */
class WholeScriptPg extends PrismaPg {
  override async connect() {
    const adapter = await super.connect();
    const pool = adapter.underlyingDriver();
    adapter.executeScript = async (script: string) => {
      try {
        await pool.query(script);
      } catch (error) {
        // The schema engine reports only "External error"; say what PostgreSQL said.
        console.error(`PostgreSQL refused the migration: ${(error as Error).message}`);
        throw error;
      }
    };
    return adapter;
  }
}

// The schema's datasource reads DATABASE_URL; give it the same default the apps use.
process.env.DATABASE_URL = databaseUrl();

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  experimental: { adapter: true },
  engine: "js",
  adapter: async () => new WholeScriptPg(catalogSafePool(databaseUrl())),
});
