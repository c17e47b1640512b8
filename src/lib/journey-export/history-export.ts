/**
 * The history's two exports, as files: the requests (oldest first) as a Playwright spec or as a
 * Postman collection, with a sentence saying what went in. One module, so the history page loads
 * them in one chunk when the user asks.
 */
import type { Exchange } from "../exchange";
import { historyCollection } from "./history-collection";
import { playwrightSpec, PLAYWRIGHT_SPEC_FILE } from "./playwright-spec";
import { publicPair } from "./postman-format";
import { recordedJourney } from "./recorded-journey";

export type ExportFormat = "playwright" | "postman";
export const HISTORY_COLLECTION_FILE = "portal-journey.postman_collection.json";

const count = (n: number, one: string, many: string) => `${String(n)} ${n === 1 ? one : many}`;

export async function exportHistory(
  format: ExportFormat,
  exchanges: readonly Exchange[],
  base: string,
): Promise<{ fileName: string; text: string; type: string; summary: string }> {
  const steps = recordedJourney(exchanges);
  const requests = steps.filter((step) => step.kind === "request").length;
  if (requests === 0) throw new Error("None of these requests can be replayed (a tampered request, one without an answer): nothing to export.");
  const inferred = steps.filter((step) => step.kind === "sca" || step.kind === "batch").length;
  const skipped = steps.filter((step) => step.kind === "skipped").length;
  const file =
    format === "playwright"
      ? { fileName: PLAYWRIGHT_SPEC_FILE, text: playwrightSpec(steps, base), type: "text/plain" }
      : {
          fileName: HISTORY_COLLECTION_FILE,
          text: `${JSON.stringify(historyCollection(steps, base, await publicPair()), null, 2)}\n`,
          type: "application/json",
        };
  const summary = [
    `Downloaded ${file.fileName}: ${count(requests, "request", "requests")}`,
    inferred > 0
      ? `, ${count(inferred, "approval or batch run", "approvals and batch runs")} done through the sandbox's control routes where the statuses show them`
      : "",
    skipped > 0 ? `, ${count(skipped, "request", "requests")} left out (the file says why)` : "",
    ".",
  ].join("");
  return { ...file, summary };
}
