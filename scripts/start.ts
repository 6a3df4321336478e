// `npm start`: prepares the database (create, migrate, seed when empty), then
// runs the platform's processes together until Ctrl-C.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { prepareDatabase } from "./db-prepare.ts";
import { runWithServiceErrors } from "@clubcast/db/health";

const root = fileURLToPath(new URL("..", import.meta.url));

const PROCESSES: { name: string; entry: string }[] = [{ name: "server", entry: "apps/server/src/main.ts" }];

await runWithServiceErrors(async () => {
  await prepareDatabase();
  const children: ChildProcess[] = PROCESSES.map(({ name, entry }) => {
    const child = spawn(process.execPath, ["--import", "tsx", entry], { cwd: root, stdio: "inherit", env: process.env });
    child.on("exit", (code) => {
      console.error(`${name} exited (${code ?? "signal"}); stopping the platform`);
      stopAll(code ?? 1);
    });
    return child;
  });
  let stopping = false;
  function stopAll(code: number) {
    if (stopping) return;
    stopping = true;
    for (const child of children) child.kill("SIGTERM");
    setTimeout(() => process.exit(code), 5000).unref();
    Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.on("exit", r))))).then(() =>
      process.exit(code),
    );
  }
  process.on("SIGINT", () => stopAll(0));
  process.on("SIGTERM", () => stopAll(0));
});
