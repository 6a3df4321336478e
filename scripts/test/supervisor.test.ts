// scripts/supervisor.ts with real child processes: a crashing part is started
// again with growing waits while the others keep running; stop() ends them all.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { supervise, type SupervisedPart, type Supervisor } from "../supervisor.ts";

const node = (name: string, code: string): SupervisedPart => ({ name, command: process.execPath, args: ["-e", code] });
const crashing = node("crasher", "process.exit(3)");
/** Runs until SIGTERM, then exits cleanly. */
const steady = steadyPart("steady");

/** A part that runs until SIGTERM, then exits cleanly; with `readyFile`, it makes that file once it listens for SIGTERM. */
function steadyPart(name: string, readyFile?: string): SupervisedPart {
  const ready = readyFile ? `require("node:fs").writeFileSync(${JSON.stringify(readyFile)}, "");` : "";
  return node(name, `setInterval(() => {}, 1000); process.on('SIGTERM', () => process.exit(0)); ${ready}`);
}

const waitsIn = (lines: string[], name: string) =>
  lines.filter((line) => line.includes(`${name} exited`)).map((line) => Number(/in (\d+) ms/.exec(line)![1]));

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let supervisor: Supervisor | undefined;
afterEach(() => supervisor?.stop("SIGKILL"));

describe("the supervisor of npm start", () => {
  it("restarts a crashing part with waits that double up to the maximum, leaving the other parts running", async () => {
    const lines: string[] = [];
    supervisor = supervise([crashing, steady], {
      initialDelayMs: 50,
      maxDelayMs: 400,
      stdio: "ignore",
      log: (line) => lines.push(line),
    });
    const steadyChild = supervisor.children().get("steady")!;
    await until(() => waitsIn(lines, "crasher").length >= 6);
    expect(waitsIn(lines, "crasher").slice(0, 6)).toEqual([50, 100, 200, 400, 400, 400]);
    expect(lines[0]).toBe("[start] crasher exited (code 3); restarting in 50 ms");
    expect(steadyChild.exitCode).toBeNull();
    expect(supervisor.children().get("steady")).toBe(steadyChild);
  });

  it("starts the waits over once a part stayed up longer than stableAfterMs", async () => {
    const lines: string[] = [];
    const slowCrash = node("slow", "setTimeout(() => process.exit(1), 150)");
    supervisor = supervise([slowCrash], {
      initialDelayMs: 30,
      stableAfterMs: 100,
      stdio: "ignore",
      log: (l) => lines.push(l),
    });
    await until(() => waitsIn(lines, "slow").length >= 3);
    expect(waitsIn(lines, "slow").slice(0, 3)).toEqual([30, 30, 30]);
  });

  it("on stop forwards the signal to every part, waits for them and restarts nothing", async () => {
    const lines: string[] = [];
    const folder = mkdtempSync(join(tmpdir(), "clubcast-supervisor-"));
    const readyFiles = ["steady", "other"].map((name) => join(folder, name));
    supervisor = supervise(
      readyFiles.map((file, i) => steadyPart(["steady", "other"][i]!, file)),
      { stdio: "ignore", log: (l) => lines.push(l) },
    );
    const children = [...supervisor.children().values()];
    // Signalled before it listens for SIGTERM, a part would die of it (a slow start on a busy machine).
    await until(() => readyFiles.every((file) => existsSync(file)));
    await supervisor.stop("SIGTERM");
    rmSync(folder, { recursive: true, force: true });
    expect(children.map((child) => child.exitCode)).toEqual([0, 0]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(supervisor.children().size).toBe(0);
    expect(lines).toEqual([]);
  });

  it("kills a part that ignores the signal once stopTimeoutMs has passed", async () => {
    const stubborn = node("stubborn", "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000);");
    supervisor = supervise([stubborn], { stopTimeoutMs: 200, stdio: "ignore", log: () => {} });
    const child = supervisor.children().get("stubborn")!;
    await new Promise((resolve) => setTimeout(resolve, 300));
    await supervisor.stop("SIGTERM");
    expect(child.signalCode).toBe("SIGKILL");
  });
});
