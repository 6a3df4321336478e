// Prisma CLI configuration. The CLI runs offline through its bundled
// WebAssembly schema engine and our pg driver adapter (see docs/toolchain notes):
// no native engine is ever downloaded.
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";
import { catalogSafePool } from "./packages/db/src/pool.ts";
import { databaseUrl } from "./packages/db/src/env.ts";

// The schema's datasource reads DATABASE_URL; give it the same default the apps use.
process.env.DATABASE_URL = databaseUrl();

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  experimental: { adapter: true },
  engine: "js",
  adapter: async () => new PrismaPg(catalogSafePool(databaseUrl())),
});
