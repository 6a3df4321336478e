// `npm run bench:start`: start-up time and memory of each part of the platform run
// from its TypeScript sources through tsx (the baseline, how npm start ran them before
// `npm run build`) and from its compiled bundle in dist/ (NODE_ENV=production npm start).
// Each part starts alone, one after the other, against a seeded database.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPrismaClient } from "@clubcast/db";
import { REPOSITORY_ROOT } from "@clubcast/settings";
import { freePort } from "@clubcast/testkit";
import { dropDatabase, freshMigratedDatabase, percentile, printTable, sleep } from "@clubcast/testkit/bench";
import { DEMO_CAMERA_CLIENT, DEMO_GATEWAY_CLIENT, seed } from "../../prisma/seed.ts";
import { PLATFORM_ENTRIES, type PlatformPart } from "../entries.ts";

const RUNS = 3;
/** What each part prints once it serves. */
const READY: Record<PlatformPart, string> = {
  server: "Clubcast is running at",
  worker: "[worker] ",
  media: "[media] camera server on",
  "camera-sim": "[camera-sim] camera server simulator at",
};

const rssBytes = (pid: number) =>
  Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) * 1024;

/** Starts one part, answers how long it took to be ready and its memory once settled, then stops it. */
async function measure(part: PlatformPart, compiled: boolean, env: NodeJS.ProcessEnv) {
  const entry = PLATFORM_ENTRIES[part];
  const args = compiled ? [entry.bundle] : ["--import", "tsx", entry.source];
  const startedAt = performance.now();
  const child = spawn(process.execPath, args, { cwd: REPOSITORY_ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const ready = new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(READY[part])) resolve(performance.now() - startedAt);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${part} exited (${code}) before it was ready:\n${output}`)));
  });
  const startupMs = await ready;
  await sleep(2000);
  const rss = rssBytes(child.pid!);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
  return { startupMs, rss };
}

const build = spawn("npm", ["run", "build"], { cwd: REPOSITORY_ROOT, stdio: "inherit" });
if ((await new Promise((resolve) => build.once("exit", resolve))) !== 0) process.exit(1);

const databaseName = "clubcast_bench_start";
const databaseUrl = await freshMigratedDatabase(databaseName);
const prisma = createPrismaClient(databaseUrl);
await seed(prisma);
await prisma.$disconnect();
const mediaDir = mkdtempSync(join(tmpdir(), "clubcast-bench-start-"));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  REDIS_PREFIX: "bench-start:",
  MEDIA_DIR: mediaDir,
  CAMERA_SIM_MEDIA_DIR: join(mediaDir, "sim"),
  MEDIA_INGEST_HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  MEDIA_GATEWAY_CLIENT_ID: DEMO_GATEWAY_CLIENT.clientId,
  MEDIA_GATEWAY_CLIENT_SECRET: DEMO_GATEWAY_CLIENT.secret,
  CAMERA_SIM_CLIENT_ID: DEMO_CAMERA_CLIENT.clientId,
  CAMERA_SIM_CLIENT_SECRET: DEMO_CAMERA_CLIENT.secret,
};
delete env.NODE_ENV;

const rows: (string | number)[][] = [];
let compiledWins = true;
try {
  for (const part of Object.keys(PLATFORM_ENTRIES) as PlatformPart[]) {
    const results = {
      tsx: [] as { startupMs: number; rss: number }[],
      compiled: [] as { startupMs: number; rss: number }[],
    };
    for (let run = 0; run < RUNS; run++) {
      // Fresh ports per run: a part just stopped may leave its port in TIME_WAIT.
      for (const compiled of [false, true]) {
        const ports = {
          PORT: String(await freePort()),
          MEDIA_PORT: String(await freePort()),
          RTMP_PORT: String(await freePort()),
          SRT_PORT: String(await freePort()),
          CAMERA_SIM_PORT: String(await freePort()),
        };
        results[compiled ? "compiled" : "tsx"].push(await measure(part, compiled, { ...env, ...ports }));
      }
    }
    const median = (values: number[]) => percentile(values, 0.5);
    const tsxMs = median(results.tsx.map((r) => r.startupMs));
    const compiledMs = median(results.compiled.map((r) => r.startupMs));
    const tsxMb = median(results.tsx.map((r) => r.rss)) / 2 ** 20;
    const compiledMb = median(results.compiled.map((r) => r.rss)) / 2 ** 20;
    compiledWins &&= compiledMs < tsxMs && compiledMb < tsxMb;
    rows.push([part, Math.round(tsxMs), Math.round(compiledMs), tsxMb.toFixed(0), compiledMb.toFixed(0)]);
  }
} finally {
  await dropDatabase(databaseName);
  rmSync(mediaDir, { recursive: true, force: true });
}

printTable(
  `Start-up until ready and RSS 2 s after (median of ${RUNS} runs each, one part at a time)`,
  ["part", "tsx start (ms)", "compiled start (ms)", "tsx RSS (MB)", "compiled RSS (MB)"],
  rows,
);
console.log(
  `Target: every part starts faster and uses less memory compiled than through tsx: ${compiledWins ? "met" : "NOT met"}`,
);
