/** "Data": initialize with the fixed data, reset to empty, export to a file, import from one. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type ChangeEvent } from "react";
import { portalKeys, sandboxKeys } from "../../lib/query-keys";
import { clockQuery } from "../../lib/sandbox-queries";
import { ConfirmAction } from "../../components/confirm-action";
import { exportSandbox, importSandbox, initializeSandbox, resetSandbox, type DataOutcome } from "./data-actions";
import { downloadText } from "../../lib/download";
import { RequestLink } from "./request-link";

export function DataView() {
  const queryClient = useQueryClient();
  const clock = useQuery(clockQuery());
  const [fileKey, setFileKey] = useState(0);
  const act = useMutation({
    mutationFn: async (action: () => Promise<DataOutcome>) => action(),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: sandboxKeys.all });
      await queryClient.invalidateQueries({ queryKey: portalKeys.history() });
    },
  });
  const outcome: DataOutcome | undefined = act.isError ? { ok: false, text: act.error.message } : act.data;
  const busy = act.isPending;

  const exportFile = () => {
    act.mutate(async () => {
      const text = await exportSandbox();
      const fileName = `psd2-sandbox-${clock.data?.today ?? new Date().toISOString().slice(0, 10)}.json`;
      downloadText(fileName, text, "application/json");
      return { ok: true, text: `Exported the sandbox to ${fileName}.` };
    });
  };

  const importFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // A new input each time, so choosing the same file again still imports it.
    setFileKey((key) => key + 1);
    if (!file) return;
    act.mutate(async () => importSandbox(file.name, await file.text()));
  };

  return (
    <section aria-labelledby="data-title">
      <h2 id="data-title">Data</h2>
      <div className="data-grid">
        <div className="panel">
          <h3>Initialize</h3>
          <p>
            Replaces everything with the fixed data set: private and corporate customers, accounts with balances, 90 days of transactions. Sent as the signed{" "}
            <code>initializeSandbox</code> operation.
          </p>
          <ConfirmAction
            label="Initialize…"
            question="Replace all sandbox data (payments included) with the fixed data set?"
            confirmLabel="Yes, initialize"
            busy={busy}
            onConfirm={() => {
              act.mutate(initializeSandbox);
            }}
          />
        </div>
        <div className="panel">
          <h3>Reset</h3>
          <p>Empties the sandbox: no customers, accounts, payments or transactions, and the clock back to real time.</p>
          <ConfirmAction
            label="Reset…"
            question="Delete all sandbox data? Export it first if you want it back."
            confirmLabel="Yes, empty the sandbox"
            busy={busy}
            onConfirm={() => {
              act.mutate(resetSandbox);
            }}
          />
        </div>
        <div className="panel">
          <h3>Export</h3>
          <p>Saves everything the sandbox holds, its clock included, as a JSON file.</p>
          <button type="button" disabled={busy} onClick={exportFile}>
            Export to a file
          </button>
        </div>
        <div className="panel">
          <h3>Import</h3>
          <p>Replaces everything with an exported file. A file the sandbox refuses changes nothing.</p>
          <div className="field">
            <label htmlFor="import-file">Import a file</label>
            <input key={fileKey} id="import-file" type="file" accept="application/json,.json" disabled={busy} onChange={importFile} />
          </div>
        </div>
      </div>
      <div aria-live="polite" className="data-outcome">
        {busy ? <p className="muted">Working…</p> : null}
        {outcome?.ok ? (
          <p className="panel panel-ok">
            {outcome.text} <RequestLink exchangeId={outcome.exchangeId} />
          </p>
        ) : null}
      </div>
      {outcome && !outcome.ok ? (
        <p role="alert" className="panel panel-error">
          {outcome.text} <RequestLink exchangeId={outcome.exchangeId} />
        </p>
      ) : null}
    </section>
  );
}
