/** GET /readyz: whether a load balancer should send this process requests. */
import type { Readiness } from "../../src/contract/server-health";
import type { SandboxStore } from "../store/port";
import { storeUnavailableOf } from "../store/unavailable";

/** How long the readiness check waits for the database before it says not ready. */
export const READINESS_TIMEOUT_MS = 2_000;

/** What readiness asks of the storage. */
export interface StorageProbe {
  /** A read of the database (it answers, in time). */
  read(): Promise<unknown>;
  /**
   * Whether a write would find room (the SQLite file's store: sqlite-store.ts's checkRoom). A full disk lets reads
   * pass while every signed request, which claims its request id, fails to commit.
   */
  room?(): Promise<void>;
}

/** The probe of a store: a read of one row, and its room check where it has one (a SQLite file). */
export const storageProbe = (store: SandboxStore & { checkRoom?: () => Promise<void> }): StorageProbe => ({
  read: () => store.read((tx) => tx.meta("clockOffsetMs")),
  ...(store.checkRoom ? { room: () => store.checkRoom?.() ?? Promise.resolve() } : {}),
});

/**
 * Ready while not stopping, the database answers a read in time and a write would find room. The reason is
 * answered to anyone who asks (the route is unsigned): storage that cannot serve is named as the clients'
 * 503s name it, never with an address or a path; the server's log has those.
 */
export async function readiness(storage: StorageProbe, stopping: () => boolean): Promise<Readiness> {
  if (stopping()) return { status: "not-ready", reason: "The server is stopping: requests in flight finish, new ones should go elsewhere." };
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((done) => {
    timer = setTimeout(() => done("late"), READINESS_TIMEOUT_MS);
  });
  try {
    const answered = await Promise.race([storage.read().then(() => "answered" as const), late]);
    if (answered === "late") return { status: "not-ready", reason: `The database did not answer a read within ${String(READINESS_TIMEOUT_MS)} ms.` };
    await storage.room?.();
    return { status: "ready" };
  } catch (error) {
    const unavailable = storeUnavailableOf(error);
    if (unavailable) return { status: "not-ready", reason: unavailable.message };
    return { status: "not-ready", reason: `The database refused a read: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    clearTimeout(timer);
  }
}
