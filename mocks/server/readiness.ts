/** GET /readyz: whether a load balancer should send this process requests. */
import type { Readiness } from "../../src/contract/server-health";
import type { SandboxStore } from "../store/port";

/** How long the readiness check waits for the database before it says not ready. */
export const READINESS_TIMEOUT_MS = 2_000;

/** Ready while not stopping and the database answers a read in time. */
export async function readiness(store: SandboxStore, stopping: () => boolean): Promise<Readiness> {
  if (stopping()) return { status: "not-ready", reason: "The server is stopping: requests in flight finish, new ones should go elsewhere." };
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((done) => {
    timer = setTimeout(() => done("late"), READINESS_TIMEOUT_MS);
  });
  try {
    const answered = await Promise.race([store.read((tx) => tx.meta("clockOffsetMs")).then(() => "answered" as const), late]);
    return answered === "answered"
      ? { status: "ready" }
      : { status: "not-ready", reason: `The database did not answer a read within ${String(READINESS_TIMEOUT_MS)} ms.` };
  } catch (error) {
    return { status: "not-ready", reason: `The database refused a read: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    clearTimeout(timer);
  }
}
