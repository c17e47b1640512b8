import { expect, test } from "vitest";
import { continuesRequest, inRequestScope, markServed } from "./request-scope";

test("a request goes on once its first unit was served; another request, or work outside any, starts anew", async () => {
  expect(continuesRequest()).toBe(false);
  markServed(); // outside a request: nothing to mark
  expect(continuesRequest()).toBe(false);
  const seen = await inRequestScope(async () => {
    const before = continuesRequest();
    await Promise.resolve();
    markServed();
    await new Promise((done) => setTimeout(done, 1));
    const other = await inRequestScope(() => Promise.resolve(continuesRequest()));
    return { before, after: continuesRequest(), other };
  });
  expect(seen).toEqual({ before: false, after: true, other: false });
});
