import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { sandboxReady, SLOW } from "./journey-steps";

/**
 * Makes the OpenAPI document arrive while React is in the middle of rendering the page that waits for it,
 * the moment a busy machine hits about once in three full test runs (React's error 520 in CI):
 * - the document's fetch is held until React starts waiting on it (React marks a promise it tracks
 *   `status: "pending"` and then calls its `then`), and only then let through;
 * - React's scheduler resumes the paused render by posting to a MessagePort: those posts are held
 *   1.5 s, so the document has arrived by the time the render resumes.
 */
async function documentArrivesMidRender(page: Page) {
  await page.addInitScript(() => {
    let holdPostsUntil = 0;
    const post = MessagePort.prototype.postMessage;
    MessagePort.prototype.postMessage = function (this: MessagePort, ...args: unknown[]) {
      const wait = holdPostsUntil - performance.now();
      const send = () => (post as (...values: unknown[]) => void).apply(this, args);
      if (wait > 0) setTimeout(send, wait);
      else send();
    } as typeof post;
    const realFetch = window.fetch.bind(window);
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (!url.endsWith("/openapi.json")) return realFetch(input, init);
      const response = realFetch(input, init);
      let release: () => void = () => undefined;
      let released = false;
      class Held<T> extends Promise<T> {
        override then<A = T, B = never>(
          onFulfilled?: ((value: T) => A | PromiseLike<A>) | null,
          onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
        ): Promise<A | B> {
          if ((this as { status?: string }).status === "pending" && !released) {
            released = true;
            holdPostsUntil = performance.now() + 1500;
            release();
          }
          return super.then(onFulfilled, onRejected);
        }
      }
      return new Held<Response>((resolve, reject) => {
        release = () => {
          response.then(resolve, reject);
        };
      });
    };
  });
}

test("a reference page whose OpenAPI document arrives mid-render shows its parameters, with no error", async ({ page }) => {
  await documentArrivesMidRender(page);
  // The page's code arrives once the sandbox has started: the page then renders in a transition, with no
  // other update to interrupt it (the sandbox's start is one).
  await page.route(/\/assets\/operation-page-[^/]*\.js$/, async (route) => {
    const response = await route.fetch();
    await sandboxReady(page);
    await route.fulfill({ response });
  });
  await page.goto("/reference/getPaymentStatus");
  await expect(page.getByRole("table", { name: "Request headers" })).toBeVisible(SLOW);
  // The fixture fails the test on the page error React reports when it had to render the page again.
});
