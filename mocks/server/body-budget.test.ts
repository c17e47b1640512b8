import { describe, expect, test } from "vitest";
import { createBodyBudget, createBodyBudgets, type BudgetGrant } from "./body-budget";
import { MAX_BODY_BYTES, MAX_IMPORT_BYTES, SMALL_BODY_BYTES } from "./node-request";

const MiB = 1024 * 1024;
const signal = () => new AbortController().signal;
const granted = (taken: BudgetGrant | "full" | "gone"): BudgetGrant => {
  if (typeof taken === "string") throw new Error(`expected room, got ${taken}`);
  return taken;
};

describe("a body budget", () => {
  test("bodies take room until it is used up; the next ones wait in order, then are refused beyond the queue", async () => {
    const budget = createBodyBudget({ bytes: 4 * MiB, waiting: 2 });
    const first = granted(await budget.take(3 * MiB, signal()));
    const order: string[] = [];
    const second = budget.take(2 * MiB, signal()).then((taken) => (order.push("second"), granted(taken)));
    // Small enough to fit beside the first, but it comes after one that waits: it waits too, in order.
    const third = budget.take(1 * MiB, signal()).then((taken) => (order.push("third"), granted(taken)));
    expect(await budget.take(1, signal())).toBe("full");
    expect(budget.state()).toEqual({ bytes: 3 * MiB, waiting: 2 });
    first.release();
    first.release(); // once only
    const [two, three] = await Promise.all([second, third]);
    expect(order).toEqual(["second", "third"]);
    expect(budget.state()).toEqual({ bytes: 3 * MiB, waiting: 0 });
    two.release();
    three.release();
    expect(budget.state()).toEqual({ bytes: 0, waiting: 0 });
  });

  test("a waiting body whose client leaves gives up its place, and the one behind it may go", async () => {
    const budget = createBodyBudget({ bytes: 4 * MiB, waiting: 2 });
    const held = granted(await budget.take(3 * MiB, signal()));
    const leaving = new AbortController();
    const gone = budget.take(4 * MiB, leaving.signal);
    const behind = budget.take(1 * MiB, signal());
    leaving.abort();
    expect(await gone).toBe("gone");
    granted(await behind).release();
    held.release();
    expect(budget.state()).toEqual({ bytes: 0, waiting: 0 });
  });

  test("a body larger than the whole budget takes all of it, once nothing else is held", async () => {
    const budget = createBodyBudget({ bytes: 4 * MiB, waiting: 1 });
    const small = granted(await budget.take(1 * MiB, signal()));
    const whole = budget.take(10 * MiB, signal());
    small.release();
    granted(await whole);
    expect(budget.state()).toEqual({ bytes: 4 * MiB, waiting: 0 });
  });

  test("a body takes from the budget of its size: over 1 MiB the large one, over 64 KiB the medium one, else none", () => {
    const budgets = createBodyBudgets();
    expect(budgets.for(SMALL_BODY_BYTES)).toBeUndefined();
    expect(budgets.for(SMALL_BODY_BYTES + 1)).toBeDefined();
    expect(budgets.for(MAX_BODY_BYTES)).toBe(budgets.for(SMALL_BODY_BYTES + 1));
    expect(budgets.for(MAX_IMPORT_BYTES)).not.toBe(budgets.for(MAX_BODY_BYTES));
  });
});
