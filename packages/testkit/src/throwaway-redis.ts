// A Redis of a test's own (redis-server on a free port, nothing persisted),
// which the test may stop and start again to play an outage.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort } from "./ports.ts";

export interface ThrowawayRedis {
  url: string;
  port: number;
  /** Kills it at once, as a crash would (everything in it is lost). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  readonly running: boolean;
}

/** Whether something on `port` answers PING like Redis. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.setTimeout(500);
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("+PONG"));
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export async function startThrowawayRedis(): Promise<ThrowawayRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;

  async function start(): Promise<void> {
    const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"];
    child = spawn("redis-server", args, { stdio: "ignore" });
    for (let tries = 0; !(await answersPing(port)); tries++) {
      if (tries > 100) throw new Error(`redis-server did not start on port ${port}`);
      await sleep(50);
    }
  }

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    async stop() {
      if (!child) return;
      const exited = once(child, "exit");
      child.kill("SIGKILL");
      await exited;
      child = null;
    },
    get running() {
      return child !== null;
    },
  };
}
