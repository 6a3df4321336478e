// Reports, and enforces, the JavaScript a first visit to a page downloads:
// the entry chunk, the lazy chunks of the page's route, and every chunk they
// import statically, gzipped. Runs after `vite build` has written the files.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";

export interface InitialJsBudget {
  /** What the report calls the page, e.g. "public home". */
  page: string;
  /** Source files of the page's lazy route modules, relative to the Vite root. */
  routeModules: string[];
  limitBytes: number;
}

interface ChunkInfo {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
}

/** The chunks loaded up front: entries and the route modules' chunks, with their static imports. */
export function initialChunks(chunks: ChunkInfo[], routeModuleIds: string[]): string[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const pending = chunks
    .filter((c) => c.isEntry || (c.facadeModuleId !== null && routeModuleIds.includes(c.facadeModuleId)))
    .map((c) => c.fileName);
  const seen = new Set<string>();
  while (pending.length) {
    const name = pending.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    pending.push(...(byName.get(name)?.imports ?? []));
  }
  return [...seen].sort();
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function initialJsBudget(budget: InitialJsBudget): Plugin {
  let root = process.cwd();
  let quiet = false;
  return {
    name: "clubcast:initial-js-budget",
    apply: "build",
    configResolved(config) {
      root = config.root;
      // `npm start` builds with --logLevel warn: only a broken budget is worth its output then.
      quiet = config.logLevel === "warn" || config.logLevel === "error" || config.logLevel === "silent";
    },
    writeBundle(output, bundle) {
      const outDir = output.dir ?? join(root, "dist");
      const chunks = Object.values(bundle).flatMap((item) => (item.type === "chunk" ? [item] : []));
      const routeModuleIds = budget.routeModules.map((path) => resolve(root, path));
      const missing = routeModuleIds.filter((id) => !chunks.some((c) => c.facadeModuleId === id));
      if (missing.length) this.error(`initial JS budget: no chunk for ${missing.join(", ")}`);

      const files = initialChunks(chunks, routeModuleIds);
      const sizes = files.map((file) => ({
        file,
        gzip: gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length,
      }));
      const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
      const lines = sizes.map((s) => `  ${kB(s.gzip).padStart(9)}  ${s.file}`);
      const over = total > budget.limitBytes;
      if (!quiet || over) {
        const verdict = over ? "OVER" : "within";
        console.log(
          `\nInitial JavaScript of the ${budget.page}: ${kB(total)} gzip (${verdict} the budget of ${kB(budget.limitBytes)})\n${lines.join("\n")}\n`,
        );
      }
      if (over) {
        this.error(
          `the ${budget.page} loads ${kB(total)} of JavaScript (gzip), above its budget of ${kB(budget.limitBytes)}`,
        );
      }
    },
  };
}
