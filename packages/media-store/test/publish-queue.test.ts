// The gateway's upload queue of closed live segments: enqueue never waits for the store, what waits is
// bounded (the oldest dropped and told), a failing upload is tried again, and with a real S3 server the
// segments a gateway writes end up in the bucket while the local disk driver queues nothing.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3, type TestS3 } from "@clubcast/testkit/s3";
import { createMediaStore, createPublishQueue } from "../src/index.ts";

const folders: string[] = [];
const folder = () => {
  const made = mkdtempSync(join(tmpdir(), "clubcast-queue-"));
  folders.push(made);
  return made;
};
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3("queue-test");
});
afterAll(async () => {
  await s3?.close();
  for (const made of folders) rmSync(made, { recursive: true, force: true });
});

describe("the publish queue", () => {
  it("returns at once while the store hangs, keeps at most maxQueued waiting, and tells what it dropped", async () => {
    let release!: () => void;
    const hanging = new Promise<void>((resolve) => (release = resolve));
    const uploaded: number[] = [];
    const dropped: string[] = [];
    const queue = createPublishQueue<number>(
      true,
      async (n) => {
        await hanging;
        uploaded.push(n);
      },
      (n) => `segment ${n}`,
      { maxQueued: 5, concurrency: 1, onFailure: (what) => dropped.push(what) },
    );
    const started = performance.now();
    for (let n = 0; n < 20; n++) queue.enqueue(n);
    expect(performance.now() - started).toBeLessThan(50);
    // One under way, five waiting: the 14 oldest of the others were dropped.
    expect(queue.stats()).toMatchObject({ queued: 5, highWater: 5, dropped: 14 });
    expect(dropped).toEqual(Array.from({ length: 14 }, (_, i) => `segment ${i + 1}`));
    release();
    await queue.idle();
    expect(uploaded).toEqual([0, 15, 16, 17, 18, 19]);
  });

  it("tries a failing upload again with a pause, and gives it up after its attempts", async () => {
    const tries = new Map<string, number>();
    const failures: string[] = [];
    const queue = createPublishQueue<string>(
      true,
      async (name) => {
        const n = (tries.get(name) ?? 0) + 1;
        tries.set(name, n);
        if (name === "never" || n < 3) throw new Error("store unavailable");
      },
      (name) => name,
      { attempts: 4, retryDelayMs: 5, onFailure: (what, reason) => failures.push(`${what}: ${reason}`) },
    );
    queue.enqueue("flaky");
    queue.enqueue("never");
    await queue.idle();
    expect(Object.fromEntries(tries)).toEqual({ flaky: 3, never: 4 });
    expect(failures).toEqual(["never: store unavailable"]);
    expect(queue.stats()).toMatchObject({ uploaded: 1, failed: 1, queued: 0 });
  });

  it("copies a gateway's closed segments into the bucket; with the local disk it queues nothing", async () => {
    const scope = { kind: "matches", id: 7 } as const;
    for (const [storage, expected] of [
      [s3.storage, 3],
      [{ driver: "local" } as const, 0],
    ] as const) {
      const store = createMediaStore(folder(), storage);
      const queue = store.publishQueue();
      mkdirSync(join(store.dir(scope), "source"), { recursive: true });
      for (let n = 0; n < 3; n++) {
        writeFileSync(join(store.dir(scope), "source", `s1-0000${n}.ts`), Buffer.alloc(1000, n));
        queue.enqueue({ scope, name: `source/s1-0000${n}.ts` });
      }
      await queue.idle();
      expect(queue.stats().uploaded).toBe(expected);
      if (storage.driver === "s3") {
        const stored = await store.objects.list("matches/7/");
        expect(stored.map((info) => [info.key, info.size])).toEqual([
          ["matches/7/source/s1-00000.ts", 1000],
          ["matches/7/source/s1-00001.ts", 1000],
          ["matches/7/source/s1-00002.ts", 1000],
        ]);
        const head = await fetch(store.objects.publicUrl("matches/7/source/s1-00001.ts")!);
        expect(head.headers.get("cache-control")).toBe("public, max-age=3600, immutable");
      }
    }
  });
});
