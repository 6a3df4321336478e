// Calls made as one. A worker runs many jobs at once, and each asks Postgres
// and Redis for the same few things; on these machines a round trip's writes
// and wake-ups cost more CPU than the statement itself, so asking together
// is most of what a job can save.

/**
 * Collects the items asked for until the current tick's callbacks have run, then
 * calls `run` once with all of them; every caller awaits that one call (and
 * shares its failure). For what a burst resumed together asks (the outcomes of
 * one batch of transitions).
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

/**
 * Runs `run` with an item at once when no call is under way; items asked while one
 * is wait for it and then go together in the next. No timer delays a lone item.
 * `run` answers one result per item, in order; a failure fails its whole batch.
 */
export function batchedWhileBusy<Item, Result>(
  run: (items: Item[]) => Promise<Result[]>,
): (item: Item) => Promise<Result> {
  type Waiting = { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void };
  let waiting: Waiting[] = [];
  let busy = false;

  async function runWaiting() {
    busy = true;
    while (waiting.length) {
      const batch = waiting;
      waiting = [];
      try {
        const results = await run(batch.map(({ item }) => item));
        batch.forEach(({ resolve }, i) => resolve(results[i]!));
      } catch (error) {
        for (const { reject } of batch) reject(error);
      }
    }
    busy = false;
  }

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!busy) void runWaiting();
    });
}
