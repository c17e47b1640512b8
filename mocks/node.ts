/**
 * The sandbox in Node for tests: msw's Node integration in front of the same dispatcher the
 * service worker uses, over IndexedDB (fake-indexeddb's in-memory implementation in Node).
 */
// The IDB* globals idb relies on; each sandbox still gets its own factory, so tests do not share data.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { http } from "msw";
import { setupServer } from "msw/node";
import { createSandbox, type Sandbox, type SandboxOptions } from "./sandbox";
import { openSandboxStore } from "./store/indexeddb-store";
import type { Dispatch } from "./router";

/** The one msw handler: every request goes to the dispatcher, which answers only its own paths. */
export const sandboxHandler = (dispatch: Dispatch) => http.all("*", ({ request }) => dispatch(request));

/** A sandbox over a fresh in-memory IndexedDB. */
export async function createMemorySandbox(options: Omit<SandboxOptions, "store"> = {}): Promise<Sandbox> {
  const store = await openSandboxStore({ name: `sandbox-${crypto.randomUUID()}`, indexedDB: new IDBFactory() });
  return createSandbox({ ...options, store });
}

/** msw's Node server answering with a sandbox; call `listen()` in a test's beforeAll. */
export async function setupSandboxServer(options: Omit<SandboxOptions, "store"> = {}) {
  const sandbox = await createMemorySandbox(options);
  return { sandbox, server: setupServer(sandboxHandler(sandbox.dispatch)) };
}
