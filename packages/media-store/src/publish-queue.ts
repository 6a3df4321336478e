// The media gateway's uploads of closed live segments to the store (MEDIA_STORAGE=s3), so a lost
// gateway disk loses only the seconds not sent yet and a finished recording's publication sends only
// its tail. The live stream never waits for the store: enqueue() returns at once; a bounded number of
// uploads wait (past it the oldest are dropped and counted: the recording's publication at its stop
// sends whatever is missing); each upload is tried again with a growing pause before it is given up.
// With the local driver the store is the disk the segments are on: nothing is queued.

export interface PublishQueueOptions {
  /** Uploads waiting at most; past it the oldest waiting is dropped. */
  maxQueued?: number;
  /** Uploads under way at once. */
  concurrency?: number;
  /** Tries of one upload (the first included). */
  attempts?: number;
  /** Pause before the second try; doubled before each further one. */
  retryDelayMs?: number;
  /** Told of an upload given up, or dropped from a full queue. */
  onFailure?: (what: string, reason: string) => void;
}

export interface PublishQueueStats {
  queued: number;
  /** The most uploads that waited at once. */
  highWater: number;
  uploaded: number;
  dropped: number;
  failed: number;
}

/**
 * A queue of uploads: `upload(item)` sends one (it reads the file when it runs, so a file replaced
 * meanwhile goes up in its newest version). `enabled` false (the local driver) keeps nothing.
 */
export function createPublishQueue<Item>(
  enabled: boolean,
  upload: (item: Item) => Promise<void>,
  describe: (item: Item) => string,
  options: PublishQueueOptions = {},
) {
  const { maxQueued = 500, concurrency = 2, attempts = 4, retryDelayMs = 250, onFailure = () => {} } = options;
  const waiting: Item[] = [];
  const stats: PublishQueueStats = { queued: 0, highWater: 0, uploaded: 0, dropped: 0, failed: 0 };
  let running = 0;
  let idle: (() => void)[] = [];
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

  async function send(item: Item) {
    for (let attempt = 1; ; attempt++) {
      try {
        await upload(item);
        stats.uploaded++;
        return;
      } catch (error) {
        if (attempt >= attempts) {
          stats.failed++;
          onFailure(describe(item), (error as Error).message);
          return;
        }
        await sleep(retryDelayMs * 2 ** (attempt - 1));
      }
    }
  }

  function pump() {
    while (running < concurrency && waiting.length) {
      const item = waiting.shift()!;
      stats.queued = waiting.length;
      running++;
      void send(item).finally(() => {
        running--;
        pump();
        if (!running && !waiting.length) for (const resolve of idle.splice(0)) resolve();
      });
    }
  }

  return {
    /** Queues an upload and returns at once. */
    enqueue(item: Item): void {
      if (!enabled) return;
      waiting.push(item);
      while (waiting.length > maxQueued) {
        const dropped = waiting.shift()!;
        stats.dropped++;
        onFailure(describe(dropped), "the upload queue is full");
      }
      stats.queued = waiting.length;
      stats.highWater = Math.max(stats.highWater, waiting.length);
      pump();
    },
    /** Settles once nothing waits or runs. */
    idle: (): Promise<void> =>
      !running && !waiting.length ? Promise.resolve() : new Promise((resolve) => idle.push(resolve)),
    stats: (): PublishQueueStats => ({ ...stats }),
    /** Forgets what waits (the gateway stops). */
    clear() {
      waiting.length = 0;
      stats.queued = 0;
      idle.forEach((resolve) => resolve());
      idle = [];
    },
  };
}

export type PublishQueue<Item> = ReturnType<typeof createPublishQueue<Item>>;
