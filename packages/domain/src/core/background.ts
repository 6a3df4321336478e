// Work done after the answer has gone out, when doing it first would change what the answer
// reveals (how long it took tells whether an e-mail address has an account) or keep the caller
// waiting for something it is not told about anyway. Shutdown waits for what is still running.

export interface BackgroundTasks {
  /** Starts `task` after the current request has been answered; a failure is logged, never thrown. */
  run(name: string, task: () => Promise<void>): void;
  /** Resolves once no task is running (those started meanwhile included). */
  idle(): Promise<void>;
}

export function createBackgroundTasks(): BackgroundTasks {
  const running = new Set<Promise<void>>();
  return {
    run(name, task) {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => console.error(`Background task "${name}" failed:`, error))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async idle() {
      while (running.size) await Promise.all(running);
    },
  };
}
