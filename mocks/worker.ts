/**
 * msw's service worker in front of a dispatcher. A module of its own so that the browser sandbox
 * can load it as a separate step, while its named imports keep msw's unused parts (GraphQL) out.
 */
import { http } from "msw";
import { setupWorker } from "msw/browser";
import type { RequestAnswerer } from "./recording-dispatch";

export async function startWorker(dispatch: RequestAnswerer): Promise<void> {
  const worker = setupWorker(http.all("*", ({ request }) => (new URL(request.url).origin === location.origin ? dispatch(request) : undefined)));
  await worker.start({ onUnhandledRequest: "bypass", quiet: true, serviceWorker: { url: "/mockServiceWorker.js" } });
}
