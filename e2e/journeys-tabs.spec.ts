import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { authorise, createPayment, sandboxReady, SLOW, statusFromCallback, watch } from "./journey-steps";

/** Whether this tab's sandbox runs the batch schedule (mocks/browser.ts exposes it for tests). */
const isLeader = (page: Page) => page.evaluate(() => (window as { __psd2Sandbox?: { isBatchLeader: () => boolean } }).__psd2Sandbox?.isBatchLeader() ?? null);

/** What the explorer's clock summary says about this tab. */
const leaderFact = (page: Page) => page.locator(".clock-facts > div").filter({ hasText: "This tab runs the batch" }).getByRole("definition");

/** The number of transactions the explorer shows for the account with this bban. */
async function transactionCount(page: Page, bban: string): Promise<number> {
  await page.goto("/sandbox");
  await sandboxReady(page);
  const link = page.getByRole("link", { name: new RegExp(`^\\d+ transactions? of .* ${bban}$`) });
  return Number.parseInt((await link.innerText()).trim(), 10);
}

test.describe("journeys: two tabs, one batch runner", () => {
  test("10. exactly one tab leads, the other takes over when it closes, and a due payment is booked once", async ({ page, context, pageProblems }) => {
    // A lone tab leads, and says so the moment its sandbox is ready (read once, not waited for:
    // it used to claim "another tab" until the next clock tick).
    await page.goto("/sandbox");
    await sandboxReady(page);
    expect(await leaderFact(page).innerText()).toBe("Yes");
    expect(await isLeader(page)).toBe(true);

    const payment = await createPayment(page);
    await authorise(page, payment, "Approve");
    await statusFromCallback(page, "ACTC");
    const before = await transactionCount(page, payment.debtorBban);
    const creditorBefore = await transactionCount(page, payment.creditorBban);

    const second = await context.newPage();
    watch(second, pageProblems);
    await second.goto("/sandbox/clock");
    await sandboxReady(second);
    await page.goto("/sandbox/clock");
    await sandboxReady(page);

    // Exactly one of the two runs the schedule, and each says so.
    await expect.poll(async () => [await isLeader(page), await isLeader(second)].sort(), SLOW).toEqual([false, true]);
    const [leader, follower] = (await isLeader(page)) ? [page, second] : [second, page];
    await expect(leaderFact(leader)).toHaveText("Yes");
    await expect(leaderFact(follower)).toHaveText("No, another tab does");

    // Both tabs book at once: the follower moves the clock to the next run while the leader runs the batch now.
    await Promise.all([follower.getByRole("button", { name: "To next batch run" }).click(), leader.getByRole("button", { name: "Run batch now" }).click()]);
    const outcome = (tab: Page) => tab.locator(".clock-outcome");
    await expect(outcome(leader)).toContainText(/\d+ booked|No payment was due/, SLOW);
    await expect(outcome(follower)).toContainText(/\d+ booked|No payment was due/, SLOW);
    const booked = async (tab: Page) => Number(/(\d+) booked/.exec(await outcome(tab).innerText())?.[1] ?? 0);
    expect((await booked(leader)) + (await booked(follower))).toBe(1);
    expect(await transactionCount(follower, payment.debtorBban)).toBe(before + 1);
    expect(await transactionCount(leader, payment.creditorBban)).toBe(creditorBefore + 1);

    // Those reloads handed the lock around: still exactly one leads. It closes, and the other takes over within a few seconds.
    await expect.poll(async () => [await isLeader(page), await isLeader(second)].sort(), SLOW).toEqual([false, true]);
    const [closing, staying] = (await isLeader(page)) ? [page, second] : [second, page];
    await expect(leaderFact(staying)).toHaveText("No, another tab does");
    await closing.close();
    await expect.poll(() => isLeader(staying)).toBe(true);
    await expect(leaderFact(staying)).toHaveText("Yes");

    // A new tab follows the one that now leads.
    const third = await context.newPage();
    watch(third, pageProblems);
    await third.goto("/sandbox");
    await sandboxReady(third);
    await expect(leaderFact(third)).toHaveText("No, another tab does");
    expect(await isLeader(third)).toBe(false);
    expect(await isLeader(staying)).toBe(true);
    await third.close();
  });
});
