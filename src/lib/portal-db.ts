/**
 * The portal's own IndexedDB (separate from the sandbox's data): the request history and the
 * signing credentials. Private keys are stored as non-extractable CryptoKeys: IndexedDB keeps
 * them across reloads, and not even this page can read their bytes back.
 */
import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { Exchange } from "./exchange";

export interface StoredCredential {
  id: string;
  label: string;
  certificatePem: string;
  privateKey: CryptoKey;
  /** "automatic": made by the portal for a first request, its key never offered for download. */
  source: "generated" | "imported" | "automatic";
  createdAt: number;
}

interface PortalDB extends DBSchema {
  history: { key: string; value: Exchange; indexes: { sentAt: number } };
  credentials: { key: string; value: StoredCredential; indexes: { createdAt: number } };
}

const NAME = "psd2-portal";
let opened: Promise<IDBPDatabase<PortalDB>> | undefined;

export function portalDb(): Promise<IDBPDatabase<PortalDB>> {
  opened ??= openDB<PortalDB>(NAME, 1, {
    upgrade(db) {
      db.createObjectStore("history", { keyPath: "id" }).createIndex("sentAt", "sentAt");
      db.createObjectStore("credentials", { keyPath: "id" }).createIndex("createdAt", "createdAt");
    },
  });
  return opened;
}
