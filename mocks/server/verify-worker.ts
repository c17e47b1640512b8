/**
 * A signature-checking thread of the standalone server (verify-pool.ts): the same verifyRequest with
 * node:crypto's checks as on the server's own thread (verifyJob), answering each request by its id.
 */
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { verifyJob, type VerifyJob, type VerifyReply } from "./verify-pool";

/** Lowers this thread's priority (verify-pool.ts's CHECKER_NICENESS); Linux names the thread in /proc/thread-self, elsewhere nothing changes. */
function yieldToEventLoop(niceness: unknown): void {
  if (typeof niceness !== "number") return;
  try {
    const threadId = Number(readlinkSync("/proc/thread-self").split("/").pop());
    // Lowering one's own priority needs no privilege.
    if (Number.isSafeInteger(threadId) && threadId > 0) setPriority(threadId, niceness);
  } catch {
    // Not Linux, or no /proc: the checks run at the process's priority.
  }
}

yieldToEventLoop((workerData as { niceness?: unknown } | null)?.niceness);

const port = parentPort;
if (port === null) throw new Error("verify-worker.ts runs as a worker thread of the sandbox server (verify-pool.ts).");
port.on("message", (text: string) => {
  const job = JSON.parse(text) as VerifyJob;
  // verifyRequest never rejects: any request ends in a result.
  void verifyJob(job).then((result) => {
    const reply: VerifyReply = { id: job.id, result };
    port.postMessage(JSON.stringify(reply));
  });
});
