// batchedPerTick: the calls asked for in one tick are made as one, each caller
// awaiting it; a later tick makes its own. batchedWhileBusy: an item asked while
// a call is under way waits for it and goes with the others asked meanwhile.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { batchedPerTick, batchedWhileBusy } from "@clubcast/domain/core/batching.ts";

describe("calls batched per tick", () => {
  it("makes one call per tick with every item asked for in it, in order, however they are spread", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.integer(), { minLength: 1, maxLength: 8 }), { maxLength: 5 }),
        async (ticks) => {
          const calls: number[][] = [];
          const ask = batchedPerTick(async (items: number[]) => void calls.push(items));
          for (const items of ticks) {
            // Asked from promise callbacks resumed together, as a batch of job outcomes is.
            const resumed = Promise.resolve();
            await Promise.all(items.map((item) => resumed.then(() => ask(item))));
          }
          expect(calls).toEqual(ticks);
        },
      ),
    );
  });

  it("fails every caller of a failing call, and makes the next tick's call anew", async () => {
    let fail = true;
    const ask = batchedPerTick(async (items: string[]) => {
      if (fail) throw new Error(`refused ${items.join(",")}`);
    });
    const failing = [ask("a"), ask("b")];
    for (const call of failing) await expect(call).rejects.toThrow("refused a,b");
    fail = false;
    await expect(ask("c")).resolves.toBeUndefined();
  });
});

describe("calls batched while one is under way", () => {
  it("answers each item with its own result, however the items arrive", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.integer(), fc.nat({ max: 3 })), { maxLength: 30 }), async (asked) => {
        const calls: number[][] = [];
        const double = batchedWhileBusy(async (items: number[]) => {
          calls.push(items);
          await new Promise((resolve) => setTimeout(resolve, 1));
          return items.map((item) => item * 2);
        });
        // Each item asked after a few ticks' wait, so some arrive while a call is under way.
        const results = await Promise.all(
          asked.map(async ([item, wait]) => {
            for (let tick = 0; tick < wait; tick++) await new Promise((resolve) => setImmediate(resolve));
            return double(item);
          }),
        );
        expect(results).toEqual(asked.map(([item]) => item * 2));
        expect(calls.flat().sort()).toEqual(asked.map(([item]) => item).sort());
      }),
      { numRuns: 50 },
    );
  });

  it("runs a lone item at once, and the items asked meanwhile in one call after it", async () => {
    const calls: string[][] = [];
    let release!: () => void;
    const ask = batchedWhileBusy(async (items: string[]) => {
      calls.push(items);
      if (calls.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return items;
    });
    const first = ask("a");
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([["a"]]);
    const later = [ask("b"), ask("c")];
    release();
    await Promise.all([first, ...later]);
    expect(calls).toEqual([["a"], ["b", "c"]]);
  });

  it("fails the items of a failing call only", async () => {
    let release!: () => void;
    const ask = batchedWhileBusy(async (items: string[]) => {
      if (items.includes("a")) await new Promise<void>((resolve) => (release = resolve));
      if (items.includes("bad")) throw new Error("refused");
      return items;
    });
    const first = ask("a");
    await new Promise((resolve) => setImmediate(resolve));
    const failing = [ask("bad"), ask("b")];
    release();
    await expect(first).resolves.toBe("a");
    for (const call of failing) await expect(call).rejects.toThrow("refused");
    await expect(ask("c")).resolves.toBe("c");
  });
});
