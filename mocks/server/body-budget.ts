/**
 * How many body bytes the server reads and holds at once (decision 0046). A body is read into memory
 * whole before it is answered (an import is parsed and checked whole), so many large bodies at once
 * would hold their sum: 32 imports of 64 MiB took a server to several GiB. A body that may be large
 * (its Content-Length, or its route's limit when it comes chunked) first takes its size from a budget;
 * without room it waits, in order, with its socket unread (TCP keeps the rest of it in the client's
 * and the kernel's buffers), in a queue of bounded length; beyond that it is refused (503 with
 * Retry-After). Its share returns when its answer has been sent, so what the request builds from
 * its body while it is answered (the text, the parsed JSON) is bounded by the same budget.
 */
import { MAX_BODY_BYTES, MAX_IMPORT_BYTES, SMALL_BODY_BYTES } from "./node-request";

export interface BudgetLimits {
  /** Body bytes held at once. */
  bytes: number;
  /** Bodies waiting for room at most; one more is refused. */
  waiting: number;
}

export interface BodyBudgetLimits {
  /** Bodies that may be over 1 MiB (imports). */
  large: BudgetLimits;
  /** Bodies that may be over 64 KiB, up to 1 MiB; smaller ones cost what their headers do, and take nothing. */
  medium: BudgetLimits;
}

export const DEFAULT_BODY_BUDGETS: BodyBudgetLimits = {
  // One import of the largest size, or two of 32 MiB, at once.
  large: { bytes: MAX_IMPORT_BYTES, waiting: 8 },
  medium: { bytes: 32 * MAX_BODY_BYTES, waiting: 64 },
};

/** How long a refused body is told to wait: a large one is read, parsed and written in seconds. */
export const BUDGET_RETRY_AFTER_SECONDS = 5;

/** Room taken for one body; `release` gives it back (once; later calls do nothing). */
export interface BudgetGrant {
  release: () => void;
}

export interface BodyBudget {
  /** Room for a body of `bytes`: at once, or once the bodies before it are done; "full" when the queue is; "gone" when `gone` aborted first. */
  take(bytes: number, gone: AbortSignal): Promise<BudgetGrant | "full" | "gone">;
  /** Bytes held and bodies waiting now. */
  state(): { bytes: number; waiting: number };
}

export function createBodyBudget(limits: BudgetLimits): BodyBudget {
  let held = 0;
  const queue: { bytes: number; grant: (grant: BudgetGrant) => void }[] = [];
  const grantFor = (bytes: number): BudgetGrant => {
    held += bytes;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        held -= bytes;
        admitWaiting();
      },
    };
  };
  const fits = (bytes: number) => held + bytes <= limits.bytes;
  function admitWaiting(): void {
    for (let next = queue[0]; next !== undefined && fits(next.bytes); next = queue[0]) {
      queue.shift();
      next.grant(grantFor(next.bytes));
    }
  }
  return {
    take(wanted, gone) {
      // A body larger than the whole budget takes all of it (its route's limit allows it): it waits until the others are done.
      const bytes = Math.min(wanted, limits.bytes);
      if (queue.length === 0 && fits(bytes)) return Promise.resolve(grantFor(bytes));
      if (queue.length >= limits.waiting) return Promise.resolve("full");
      return new Promise((resolve) => {
        const entry = {
          bytes,
          grant: (grant: BudgetGrant) => {
            gone.removeEventListener("abort", withdraw);
            resolve(grant);
          },
        };
        function withdraw(): void {
          const index = queue.indexOf(entry);
          if (index >= 0) queue.splice(index, 1);
          resolve("gone");
          // The one it held up may fit now.
          admitWaiting();
        }
        if (gone.aborted) {
          resolve("gone");
          return;
        }
        gone.addEventListener("abort", withdraw, { once: true });
        queue.push(entry);
      });
    },
    state: () => ({ bytes: held, waiting: queue.length }),
  };
}

export interface BodyBudgets {
  /** The budget a body of at most `bytes` (its Content-Length, or its route's limit) takes from; undefined: a small one, which takes none. */
  for(bytes: number): BodyBudget | undefined;
  state(): Record<keyof BodyBudgetLimits, { bytes: number; waiting: number }>;
}

export function createBodyBudgets(limits: BodyBudgetLimits = DEFAULT_BODY_BUDGETS): BodyBudgets {
  const large = createBodyBudget(limits.large);
  const medium = createBodyBudget(limits.medium);
  return {
    for: (bytes) => (bytes > MAX_BODY_BYTES ? large : bytes > SMALL_BODY_BYTES ? medium : undefined),
    state: () => ({ large: large.state(), medium: medium.state() }),
  };
}
