// Calls asked for in the same tick, made as one. A burst of job outcomes resumes
// together (their transitions are written in one statement, createTransitionBatcher),
// and each then asks Redis for the same kind of write: sent together, that is
// one write and one round trip instead of one per job.

/**
 * Collects the items asked for until the current tick's callbacks have run, then
 * calls `run` once with all of them; every caller awaits that one call (and
 * shares its failure).
 */
export function batchedPerTick<Item>(run: (items: Item[]) => Promise<unknown>): (item: Item) => Promise<void> {
  let collecting: { items: Item[]; done: Promise<void> } | null = null;
  return (item) => {
    if (!collecting) {
      const batch: Item[] = [];
      // process.nextTick runs once the promise callbacks resumed meanwhile have asked too.
      const done = new Promise<void>((resolve) => process.nextTick(resolve)).then(async () => {
        collecting = null;
        await run(batch);
      });
      collecting = { items: batch, done };
    }
    collecting.items.push(item);
    return collecting.done;
  };
}
