// `npm run build`: compiles the platform to JavaScript for production. Each
// program (scripts/entries.ts) becomes one ES module in dist/ holding its own
// code and the workspace packages it uses; npm packages stay imports of
// node_modules. The web client is built by Vite (apps/web/dist). With
// NODE_ENV=production, `npm start` runs these bundles with plain node.
import { rmSync } from "node:fs";
import { isBuiltin } from "node:module";
import { join, relative, sep } from "node:path";
import { build, type Plugin } from "esbuild";
import { REPOSITORY_ROOT } from "@clubcast/settings";
import { COMMAND_ENTRIES, PLATFORM_ENTRIES, THREAD_ENTRIES } from "./entries.ts";
import { ensureWebBuild } from "./web-build.ts";

const dist = join(REPOSITORY_ROOT, "dist");

/**
 * npm packages are loaded from node_modules at run time; the workspace's own (TypeScript) are
 * compiled in. Each package is imported by the file it resolves to from the importing source,
 * as under tsx: the server's own node_modules hold other versions than the root's (cookie 1 vs 2).
 */
const npmPackagesExternal: Plugin = {
  name: "npm-packages-external",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith("@clubcast/") || isBuiltin(args.path) || args.pluginData === "resolving")
        return undefined;
      const resolved = await builder.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: "resolving",
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      return { path: relative(dist, resolved.path).split(sep).join("/"), external: true };
    });
  },
};

rmSync(dist, { recursive: true, force: true });
const entries = { ...PLATFORM_ENTRIES, ...COMMAND_ENTRIES, ...THREAD_ENTRIES };
await build({
  absWorkingDir: REPOSITORY_ROOT,
  entryPoints: Object.values(entries).map(({ source, bundle }) => ({
    in: source,
    out: bundle.replace(/^dist\//, "").replace(/\.js$/, ""),
  })),
  outdir: dist,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  plugins: [npmPackagesExternal],
  logLevel: "warning",
});
console.log(`Compiled ${Object.keys(entries).join(", ")} into dist/`);
await ensureWebBuild();
