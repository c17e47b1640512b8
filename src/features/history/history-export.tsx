/**
 * "Export as Playwright test" and "Export as Postman collection": the requests the list shows
 * (all, or those the search keeps), oldest first, as a test that does the same again against the
 * sandbox server with fresh ids (docs/collections.md). The generators load only when asked.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Exchange } from "../../lib/exchange";
import { exportExchanges, type ExchangeExportFormat as Format } from "../../lib/export-exchanges";
import { curlOrigin } from "../../lib/settings";
import { ActionOutcome } from "../../components/action-outcome";

export function HistoryExport({ exchanges }: { exchanges: readonly Exchange[] }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ busy?: Format; message?: string; problem?: string }>({});
  const run = (format: Format) => {
    setState({ busy: format });
    exportExchanges(queryClient, format, exchanges).then(
      (message) => {
        setState({ message });
      },
      (error: unknown) => {
        setState({ problem: error instanceof Error ? error.message : String(error) });
      },
    );
  };
  const what = exchanges.length === 1 ? "1 shown request" : `${String(exchanges.length)} shown requests`;
  return (
    <section className="history-export" aria-labelledby="history-export-title">
      <h2 id="history-export-title">Export what you did</h2>
      <p className="muted">
        The {what}, oldest first, as a test that does it all again against the sandbox server <code>{curlOrigin()}</code>: each request signed when it runs and
        expecting the status it got here, new ids carried forward, the PSU's approval and the batch runs done where the statuses show them. It makes the
        customers and accounts it uses itself and computes its dates when it runs, so it needs nothing this sandbox holds. Search first to export one journey.
      </p>
      <div className="history-actions" role="group" aria-label="Export">
        <button
          type="button"
          disabled={exchanges.length === 0 || state.busy !== undefined}
          onClick={() => {
            run("playwright");
          }}
        >
          {state.busy === "playwright" ? "Exporting…" : "Export as Playwright test"}
        </button>
        <button
          type="button"
          disabled={exchanges.length === 0 || state.busy !== undefined}
          onClick={() => {
            run("postman");
          }}
        >
          {state.busy === "postman" ? "Exporting…" : "Export as Postman collection"}
        </button>
      </div>
      <ActionOutcome message={state.message} problem={state.problem} />
    </section>
  );
}
