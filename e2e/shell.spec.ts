import { expect, test } from "./fixtures";

// Proves the pipeline end to end: production build, preview server, browser, fixtures.
// The `pageProblems` fixture fails the test on any console error or page error.
test("the shell renders a heading without console errors", async ({ page, pageProblems }) => {
  await page.goto("/");
  await expect(page.locator("h1").first()).toBeVisible();
  expect(pageProblems).toEqual([]);
});
