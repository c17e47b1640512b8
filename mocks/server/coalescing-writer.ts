/**
 * Runs `write` after changes, at most one at a time: a change during a write schedules exactly one
 * more, however many changes come in. Each write saves the state as it is when it starts, so the
 * last write after the last change saves everything.
 */
export interface CoalescingWriter {
  /** Note a change: start a write now, or once the running one ends. */
  schedule(): void;
  /** Waits until every change noted so far is written; rejects with the error if the last attempt failed. */
  flush(): Promise<void>;
}

export function createCoalescingWriter(write: () => Promise<void>, onError: (error: unknown) => void): CoalescingWriter {
  let running: Promise<void> | undefined;
  /** A change not yet covered by a write that started after it. */
  let dirty = false;
  let lastError: unknown;
  let failed = false;

  async function loop(): Promise<void> {
    while (dirty) {
      dirty = false;
      try {
        await write();
        failed = false;
      } catch (error) {
        failed = true;
        lastError = error;
        onError(error);
        // The change is still unsaved; the next schedule() or flush() tries again.
        break;
      }
    }
    running = undefined;
  }

  const schedule = () => {
    dirty = true;
    running ??= loop();
  };

  return {
    schedule,
    async flush() {
      if (failed && !running) schedule(); // one more try for what the failed write left unsaved
      while (running) await running;
      if (failed) throw lastError;
    },
  };
}
