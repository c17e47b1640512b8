/** The request history: every sent request, kept across reloads, newest first. */
import type { Exchange } from "./exchange";
import { portalDb } from "./portal-db";

const KEEP = 500;

export async function recordExchange(exchange: Exchange): Promise<void> {
  const db = await portalDb();
  const tx = db.transaction("history", "readwrite");
  await tx.store.put(exchange);
  // Keep the newest KEEP: drop from the oldest end in the same transaction.
  const count = await tx.store.count();
  let cursor = count > KEEP ? await tx.store.index("sentAt").openCursor() : null;
  for (let excess = count - KEEP; cursor && excess > 0; excess--) {
    await cursor.delete();
    cursor = await cursor.continue();
  }
  await tx.done;
}

export async function listHistory(): Promise<Exchange[]> {
  return (await (await portalDb()).getAllFromIndex("history", "sentAt")).reverse();
}

export async function getExchange(id: string): Promise<Exchange | undefined> {
  return (await portalDb()).get("history", id);
}

export async function clearHistory(): Promise<void> {
  await (await portalDb()).clear("history");
}
