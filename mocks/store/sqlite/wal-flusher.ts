/**
 * Writes the write-ahead log to disk in the background, on libuv's thread pool. A checkpoint must
 * make the log durable before it copies it into the database (synchronous=NORMAL), and its fsync of
 * up to 16 MB of log stopped the server for about 30 ms at a time: most of the time a checkpoint
 * took. With the log flushed as it grows, that fsync finds little left to write (decision 0044).
 *
 * Only speed depends on this: what SQLite promises (docs/decisions/0012) comes from its own fsyncs.
 */
import { close, fdatasync, open } from "node:fs";

/** How long after a commit the log is flushed: a few flushes of a few hundred kilobytes a second under load. */
const FLUSH_DELAY_MS = 20;

export interface WalFlusher {
  /** A commit has added to the log. */
  committed: () => void;
  /** Waits for a flush under way, then lets go of the file (before the database closes and deletes the log). */
  stop: () => Promise<void>;
}

export function walFlusher(walFile: string): WalFlusher {
  let fd: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  let dirty = false;
  let stopped = false;

  const withFd = (): Promise<number | undefined> =>
    fd !== undefined
      ? Promise.resolve(fd)
      : new Promise((resolve) => {
          // Read-only is enough for fdatasync; a log not there yet is flushed next time.
          open(walFile, "r", (error, opened) => {
            if (error !== null || stopped) {
              if (error === null) close(opened, () => undefined);
              resolve(undefined);
              return;
            }
            fd = opened;
            resolve(opened);
          });
        });

  const flush = async () => {
    timer = undefined;
    dirty = false;
    const descriptor = await withFd();
    if (descriptor === undefined) return;
    // An error here (the disk is failing) is SQLite's to report, at its own fsync.
    await new Promise<void>((resolve) => {
      fdatasync(descriptor, () => {
        resolve();
      });
    });
  };

  const schedule = () => {
    if (stopped || timer !== undefined || flushing !== undefined) return;
    timer = setTimeout(() => {
      flushing = flush().finally(() => {
        flushing = undefined;
        if (dirty) schedule();
      });
    }, FLUSH_DELAY_MS);
    timer.unref();
  };

  return {
    committed: () => {
      dirty = true;
      schedule();
    },
    stop: async () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      await flushing;
      if (fd !== undefined) {
        const descriptor = fd;
        fd = undefined;
        await new Promise<void>((resolve) => {
          close(descriptor, () => {
            resolve();
          });
        });
      }
    },
  };
}
