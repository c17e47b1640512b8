/**
 * "Export as Playwright test" and "Export as Postman collection": the requests the list shows
 * (all, or those the search keeps), oldest first, as a test that does the same again against the
 * sandbox server with fresh ids (docs/collections.md). The generators load only when asked.
 */
import type { Exchange } from "../../lib/exchange";
import { curlOrigin } from "../../lib/settings";
import { useExportDownload } from "../../lib/use-export-download";
import { ActionOutcome } from "../../components/action-outcome";
import { ExportButtons } from "../../components/export-buttons";

export function HistoryExport({ exchanges }: { exchanges: readonly Exchange[] }) {
  const { state, run } = useExportDownload();
  const what = exchanges.length === 1 ? "1 shown request" : `${String(exchanges.length)} shown requests`;
  return (
    <section className="history-export" aria-labelledby="history-export-title">
      <h2 id="history-export-title">Export what you did</h2>
      <p className="muted">
        The {what}, oldest first, as a test that does it all again against the sandbox server <code>{curlOrigin()}</code>: each request signed when it runs and
        expecting the status it got here, new ids carried forward, the PSU's approval and the batch runs done where the statuses show them. Search first to
        export one journey.
      </p>
      <div className="history-actions" role="group" aria-label="Export">
        <ExportButtons exchanges={exchanges} state={state} run={run} />
      </div>
      <ActionOutcome message={state.message} problem={state.problem} />
    </section>
  );
}
