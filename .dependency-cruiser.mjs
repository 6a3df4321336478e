// The boundaries `npm run lint` checks (dependency-cruiser, `npm run lint:deps`):
//  - no import circle, type-only imports included;
//  - a workspace (apps/*, packages/*) reaches another one only by its package name and
//    exports (`@clubcast/<name>/<subpath>`), never by a path into its folder;
//  - an app's exports only where ALLOWED_APP_EXPORTS lists them: shared code belongs in
//    packages/*, test support in packages/testkit;
//  - the domain (packages/domain: services and operation declarations) imports no
//    transport (REST, tRPC, Fastify, Socket.IO's server), and no package imports an app.
// The root's scripts/ and prisma/ compose the workspaces and are not checked.
import { readdirSync, readFileSync } from "node:fs";

/** The app exports each workspace may import (its own folder aside); none for a workspace not listed. */
const ALLOWED_APP_EXPORTS = {
  // The tRPC contract, whose types the web client's tRPC client is typed with; and the media gateway, which
  // the browser tests' platform runs in its process for the match-day journey (apps/web/e2e/support).
  "apps/web": ["@clubcast/server/trpc", "@clubcast/media/server"],
  // The server's media tests make their playlists with the gateway's own writer, so the API's blocking
  // reloads and delta updates are tested on what the gateway really writes.
  "apps/server": ["@clubcast/media/playlists"],
  // Test support starts what tests of every app run against: the server, the worker's
  // queues (or process) and the camera-server simulator.
  "packages/testkit": [
    "@clubcast/server/app",
    "@clubcast/worker/workers",
    "@clubcast/camera-sim/simulator",
    "@clubcast/camera-sim/control",
    "@clubcast/camera-sim/video",
  ],
};

const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));
const workspaces = ["apps", "packages"].flatMap((parent) =>
  readdirSync(parent, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${parent}/${entry.name}`),
);
const folderOfPackage = new Map(
  workspaces
    .filter((folder) => folder.startsWith("apps/"))
    .map((folder) => [readJson(`${folder}/package.json`).name, folder]),
);

/** The file an app's export names, as the cruise resolves it (fails on an export the app doesn't have). */
function exportedFile(specifier) {
  const [, name, subpath] = specifier.match(/^(@[^/]+\/[^/]+)\/(.+)$/) ?? [];
  const folder = folderOfPackage.get(name);
  const target = folder && readJson(`${folder}/package.json`).exports?.[`./${subpath}`];
  if (!target) throw new Error(`.dependency-cruiser.mjs: ${specifier} is no app's export`);
  return `${folder}/${target.replace(/^\.\//, "")}`;
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A rule per workspace: its imports into apps, its own folder and its allowed exports aside. */
const appImportRules = workspaces.map((workspace) => ({
  name: "app-export-not-allowed",
  comment: `${workspace} imports an app's code that ALLOWED_APP_EXPORTS does not give it`,
  severity: "error",
  from: { path: `^${escape(workspace)}/` },
  to: {
    path: "^apps/",
    pathNot: [
      `^${escape(workspace)}/`,
      ...(ALLOWED_APP_EXPORTS[workspace] ?? []).map((specifier) => `^${escape(exportedFile(specifier))}$`),
    ],
  },
}));

/** The transports: the server's REST, tRPC and Socket.IO plumbing, and their libraries. */
const TRANSPORTS = ["^apps/server/", "(^|/)node_modules/(fastify|@fastify/[^/]+|@trpc/server|socket\\.io)/"];

export default {
  forbidden: [
    {
      name: "no-circular",
      comment: "An import circle: modules that can only be understood, loaded and changed together",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "path-into-another-workspace",
      comment: "Import another workspace by its package name and exports (@clubcast/<name>/<subpath>), not by path",
      severity: "error",
      from: { path: "^(apps|packages)/([^/]+)/" },
      to: { path: "^(apps|packages)/", pathNot: "^$1/$2/", dependencyTypesNot: ["aliased-workspace"] },
    },
    ...appImportRules,
    {
      name: "domain-imports-transport",
      comment:
        "The domain (services and operation declarations) knows nothing of REST, tRPC, Fastify or Socket.IO's server",
      severity: "error",
      from: { path: "^packages/domain/" },
      to: { path: TRANSPORTS },
    },
    {
      name: "not-to-unresolvable",
      comment: "An import the cruise cannot resolve (e.g. a path into a package that its exports don't offer)",
      severity: "error",
      from: {},
      // Vite's virtual modules (apps/web/build/layout-css.ts) exist only inside its build.
      to: { couldNotResolve: true, pathNot: "^virtual:" },
    },
  ],
  options: {
    doNotFollow: { path: "(^|/)node_modules/" },
    exclude: { path: ["^packages/db/src/generated/", "(^|/)dist/"] },
    tsConfig: { fileName: "tsconfig.json" },
    // Type-only imports are dependencies too (a circle of types is still a circle).
    tsPreCompilationDeps: true,
    // Reads the root manifest's workspaces, so that @clubcast/* imports are told apart from paths.
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "types", "node", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
