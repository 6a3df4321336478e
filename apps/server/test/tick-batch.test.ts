// batchedPerTick: the calls asked for in one tick are made as one, each caller
// awaiting it; a later tick makes its own.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { batchedPerTick } from "@clubcast/domain/core/tick-batch.ts";

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
