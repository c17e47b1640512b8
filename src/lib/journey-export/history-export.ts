/**
 * The history's two exports, as files: the requests (oldest first) as a Playwright spec or as a
 * Postman collection, standing alone (stand-alone-journey.ts), with a sentence saying what went in and where it is addressed. One module, so the history page loads
 * them in one chunk when the user asks.
 */
import type { DataContext } from "../code-export/own-data";
import type { Exchange } from "../exchange";
import { historyCollection } from "./history-collection";
import { playwrightSpec, PLAYWRIGHT_SPEC_FILE } from "./playwright-spec";
import { publicPair } from "./postman-format";
import { recordedJourney } from "./recorded-journey";
import { standAloneJourney } from "./stand-alone-journey";

export type ExportFormat = "playwright" | "postman";
export const HISTORY_COLLECTION_FILE = "portal-journey.postman_collection.json";

const count = (n: number, one: string, many: string) => `${String(n)} ${n === 1 ? one : many}`;

export async function exportHistory(
  format: ExportFormat,
  exchanges: readonly Exchange[],
  base: string,
  context: DataContext,
): Promise<{ fileName: string; text: string; type: string; summary: string }> {
  // Standing alone (issue 27, point 4e): the portal's sandbox data made by the export's own setup.
  const { steps, own } = standAloneJourney(recordedJourney(exchanges), context);
  const requests = steps.filter((step) => step.kind === "request").length;
  if (requests === 0) throw new Error("None of these requests can be replayed (a tampered request, one without an answer): nothing to export.");
  const inferred = steps.filter((step) => step.kind === "sca" || step.kind === "batch").length;
  const skipped = steps.filter((step) => step.kind === "skipped").length;
  const file =
    format === "playwright"
      ? { fileName: PLAYWRIGHT_SPEC_FILE, text: playwrightSpec(steps, base, own), type: "text/plain" }
      : {
          fileName: HISTORY_COLLECTION_FILE,
          text: `${JSON.stringify(historyCollection(steps, base, await publicPair(), own), null, 2)}\n`,
          type: "application/json",
        };
  const summary = [
    `Downloaded ${file.fileName}: ${count(requests, "request", "requests")}`,
    inferred > 0
      ? `, ${count(inferred, "approval or batch run", "approvals and batch runs")} done through the sandbox's control routes where the statuses show them`
      : "",
    skipped > 0 ? `, ${count(skipped, "request", "requests")} left out (the file says why)` : "",
    `; addressed to ${base.replace(/\/+$/, "")}`,
    own.fromUser.length > 0 ? `; fill ${own.fromUser.map((value) => (format === "playwright" ? value.env : value.variable)).join(", ")} before running it` : "",
    ".",
  ].join("");
  return { ...file, summary };
}
