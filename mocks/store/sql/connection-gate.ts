/**
 * A bounded number of things held at once (a server's database connections), with a bounded queue of those
 * waiting for one and a bounded wait: beyond either, `enter` fails at once with the caller's error (a
 * StoreUnavailable, answered 503 with Retry-After) rather than adding to a wait no client would sit through.
 * First come, first served, except that a caller continuing work it has begun (`enter(true)`) goes before every new
 * one, and is never refused: it waits for the next permit (request-scope.ts).
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
  /**
   * Resolves with the function that lets the permit go (once) when one is free; rejects when refused. `continuing`:
   * the caller finishes work it has begun, so it waits ahead of new callers and is never refused.
   */
  enter(continuing?: boolean): Promise<() => void>;
  /** Permits taken, and callers waiting: what a test or a log reads. */
  usage(): { inside: number; waiting: number };
}

interface Waiter {
  admit: (leave: () => void) => void;
  /** Absent for a continuing caller, who waits as long as it takes. */
  timer: NodeJS.Timeout | undefined;
}

export function createGate(options: GateOptions): Gate {
  if (!Number.isInteger(options.permits) || options.permits < 1) throw new RangeError(`A gate needs at least one permit, not ${String(options.permits)}.`);
  let free = options.permits;
  const continuing: Waiter[] = [];
  const waiting: Waiter[] = [];

  const leaver = () => {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const next = continuing.shift() ?? waiting.shift();
      if (next === undefined) {
        free++;
        return;
      }
      clearTimeout(next.timer);
      next.admit(leaver());
    };
  };

  return {
    enter(goesOn = false) {
      if (free > 0) {
        free--;
        return Promise.resolve(leaver());
      }
      if (goesOn) return new Promise((resolve) => continuing.push({ admit: resolve, timer: undefined }));
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
    usage: () => ({ inside: options.permits - free, waiting: waiting.length + continuing.length }),
  };
}
