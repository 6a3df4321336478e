// `npm run db:migration -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql
// with the SQL that takes the last committed prisma/schema.prisma to the current one.
// (`prisma migrate dev` needs a shadow database and a native engine; diffing two
// schema files works offline with the bundled WebAssembly engine.)
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]+/gi, "_").toLowerCase();
if (!name) {
  console.error("Usage: npm run db:migration -- <name>");
  process.exit(2);
}

const previous = join(mkdtempSync(join(tmpdir(), "clubcast-schema-")), "schema.prisma");
writeFileSync(previous, execFileSync("git", ["show", "HEAD:prisma/schema.prisma"], { encoding: "utf8" }));

const diff = spawnSync(
  process.execPath,
  [
    "--import",
    "tsx",
    "scripts/prisma.ts",
    "migrate",
    "diff",
    "--from-schema-datamodel",
    previous,
    "--to-schema-datamodel",
    "prisma/schema.prisma",
    "--script",
  ],
  { encoding: "utf8" },
);
if (diff.status !== 0) {
  console.error(diff.stderr);
  process.exit(diff.status ?? 1);
}
if (/^-- This is an empty migration\.\s*$/m.test(diff.stdout) || diff.stdout.trim() === "") {
  console.log("prisma/schema.prisma has no changes since the last commit; no migration written.");
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const folder = join("prisma", "migrations", `${stamp}_${name}`);
mkdirSync(folder, { recursive: true });
writeFileSync(join(folder, "migration.sql"), diff.stdout);
console.log(`Wrote ${folder}/migration.sql — review it, then npm run db:migrate.`);
