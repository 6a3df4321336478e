// The programs of the platform: each source entry and the bundle `npm run build`
// compiles it to (scripts/build.ts), which `npm start` runs under NODE_ENV=production.
export const PLATFORM_ENTRIES = {
  server: { source: "apps/server/src/main.ts", bundle: "dist/server.js" },
  worker: { source: "apps/worker/src/main.ts", bundle: "dist/worker.js" },
  media: { source: "apps/media/src/main.ts", bundle: "dist/media.js" },
  "camera-sim": { source: "apps/camera-sim/src/main.ts", bundle: "dist/camera-sim.js" },
} as const;

export type PlatformPart = keyof typeof PLATFORM_ENTRIES;

/** The command-line programs compiled beside the platform's parts (npm start, database, backups). */
export const COMMAND_ENTRIES = {
  start: { source: "scripts/start.ts", bundle: "dist/start.js" },
  "db-prepare": { source: "scripts/bin/db-prepare.ts", bundle: "dist/db-prepare.js" },
  seed: { source: "scripts/bin/seed.ts", bundle: "dist/seed.js" },
  backup: { source: "scripts/bin/backup.ts", bundle: "dist/backup.js" },
  restore: { source: "scripts/bin/restore.ts", bundle: "dist/restore.js" },
} as const;

/**
 * Modules a program runs as a worker thread, compiled beside it: each finds its own by name next to itself
 * (the media gateway's SRT relay, apps/media/src/srt-ingest.ts).
 */
export const THREAD_ENTRIES = {
  "srt-relay-thread": { source: "apps/media/src/srt-relay-thread.ts", bundle: "dist/srt-relay-thread.js" },
} as const;
