/**
 * POST /__sandbox/import: a whole sandbox, validated first and then written in one storage
 * transaction. A refused file changes nothing and its answer lists every problem found, each at its
 * path; once the write has committed, nothing may report "nothing changed" any more.
 */
import type { TppMessage } from "../../src/contract/common-objects";
import { capMessages, tppError } from "../../src/contract/tpp-messages";
import type { SandboxEnv } from "../env/sandbox-env";
import { errorAnswer, type Answer } from "../env/answer";
import { answerWith } from "./answer";
import { ImportRefusedError } from "../store/import-validation";
import { clockState } from "./clock-and-batch";
import { storeUnavailableOf } from "../store/unavailable";

function refusal(error: unknown): TppMessage[] {
  if (!(error instanceof ImportRefusedError))
    return [tppError("FORMAT_ERROR", `The file was not imported, and nothing changed: ${error instanceof Error ? error.message : String(error)}`)];
  const messages = error.problems.map((problem) => tppError("FORMAT_ERROR", `Not imported, nothing changed: ${problem.problem}`, problem.where));
  return capMessages(messages, error.total);
}

export async function importSandbox(env: SandboxEnv, data: unknown): Promise<Answer> {
  try {
    // Validated once, by the store (records.ts holds every rule, batch times as the schedule reads them).
    await env.store.importAll(data);
  } catch (error) {
    // Storage that cannot serve (a full disk) refused it, not the file: the dispatcher answers 503.
    if (storeUnavailableOf(error)) throw error;
    return errorAnswer(refusal(error));
  }
  // Committed: from here on the sandbox holds the file, whatever happens next.
  env.transactionCounts.clear();
  try {
    return answerWith("importSandbox", await clockState(env));
  } catch (error) {
    const unavailable = storeUnavailableOf(error);
    if (unavailable)
      return errorAnswer([
        tppError("SYSTEM_ERROR", `The file was imported (the sandbox now holds it), but reading the clock afterwards failed. ${unavailable.message}`),
      ]);
    const detail = error instanceof Error ? error.message : String(error);
    return errorAnswer([
      tppError("SYSTEM_ERROR", `The file was imported (the sandbox now holds it), but reading the clock afterwards failed: ${detail}. This is a sandbox bug.`),
    ]);
  }
}
