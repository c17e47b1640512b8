/**
 * A sandbox for tests in Node: the same dispatcher the service worker uses, over IndexedDB
 * (fake-indexeddb's in-memory implementation), each sandbox with a factory of its own.
 */
// The IDB* globals idb relies on; each sandbox still gets its own factory, so tests do not share data.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { createSandbox, type Sandbox, type SandboxOptions } from "./sandbox";
import { openSandboxStore } from "./store/indexeddb/indexeddb-store";

/** A sandbox over a fresh in-memory IndexedDB. */
export async function createMemorySandbox(options: Omit<SandboxOptions, "store"> = {}): Promise<Sandbox> {
  const store = await openSandboxStore({ name: `sandbox-${crypto.randomUUID()}`, indexedDB: new IDBFactory() });
  return createSandbox({ ...options, store });
}
