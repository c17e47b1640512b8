/**
 * A bounded number of things held at once (a server's database connections), with a bounded queue of those
 * waiting for one and a bounded wait: beyond either, `enter` fails at once with the caller's error (a
 * StoreUnavailable, answered 503 with Retry-After) rather than adding to a wait no client would sit through.
 * First come, first served.
 */
export interface GateOptions {
  /** How many may be inside at once. */
  permits: number;
  /** How many may wait for a permit; one more is refused at once. */
  maxWaiting: number;
  /** How long one may wait for a permit before it is refused. */
  waitMs: number;
  /** The error a refused caller gets (a new one each time). */
  refused: (why: "queue-full" | "waited-too-long") => Error;
}

export interface Gate {
  /** Resolves with the function that lets the permit go (once) when one is free; rejects when refused. */
  enter(): Promise<() => void>;
  /** Permits taken, and callers waiting: what a test or a log reads. */
  usage(): { inside: number; waiting: number };
}

interface Waiter {
  admit: (leave: () => void) => void;
  timer: NodeJS.Timeout;
}

export function createGate(options: GateOptions): Gate {
  if (!Number.isInteger(options.permits) || options.permits < 1) throw new RangeError(`A gate needs at least one permit, not ${String(options.permits)}.`);
  let free = options.permits;
  const waiting: Waiter[] = [];

  const leaver = () => {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const next = waiting.shift();
      if (next === undefined) {
        free++;
        return;
      }
      clearTimeout(next.timer);
      next.admit(leaver());
    };
  };

  return {
    enter() {
      if (free > 0) {
        free--;
        return Promise.resolve(leaver());
      }
      if (waiting.length >= options.maxWaiting) return Promise.reject(options.refused("queue-full"));
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          admit: resolve,
          timer: setTimeout(() => {
            waiting.splice(waiting.indexOf(waiter), 1);
            reject(options.refused("waited-too-long"));
          }, options.waitMs).unref(),
        };
        waiting.push(waiter);
      });
    },
    usage: () => ({ inside: options.permits - free, waiting: waiting.length }),
  };
}
