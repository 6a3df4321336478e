// `npm run build`: compiles the platform to JavaScript for production. Each
// program (scripts/entries.ts) becomes one ES module in dist/ holding its own
// code and the workspace packages it uses; npm packages stay imports of
// node_modules. The web client is built by Vite (apps/web/dist). With
// NODE_ENV=production, `npm start` runs these bundles with plain node.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { build, type Plugin } from "esbuild";
import { REPOSITORY_ROOT } from "@clubcast/settings";
import { COMMAND_ENTRIES, PLATFORM_ENTRIES } from "./entries.ts";
import { ensureWebBuild } from "./web-build.ts";

/** npm packages are loaded from node_modules at run time; the workspace's own (TypeScript) are compiled in. */
const npmPackagesExternal: Plugin = {
  name: "npm-packages-external",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@clubcast/") ? undefined : { path: args.path, external: true },
    );
  },
};

const dist = join(REPOSITORY_ROOT, "dist");
rmSync(dist, { recursive: true, force: true });
const entries = { ...PLATFORM_ENTRIES, ...COMMAND_ENTRIES };
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
  // Shared code goes into chunks of its own rather than into every program twice.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  plugins: [npmPackagesExternal],
  logLevel: "warning",
});
console.log(`Compiled ${Object.keys(entries).join(", ")} into dist/`);
await ensureWebBuild();
