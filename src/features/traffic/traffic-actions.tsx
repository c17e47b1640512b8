/**
 * What to do with a received request: open it in the console (its operation's form, filled with its parameters,
 * headers and body) or export it as a test (the history's Playwright and Postman exports, for this one request).
 */
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { ActionOutcome } from "../../components/action-outcome";
import type { TrafficRecord } from "../../contract/traffic";
import { consoleAddress } from "../../lib/console-address";
import type { Exchange } from "../../lib/exchange";
import { matchOperation } from "../../lib/match-operation";
import { exportExchanges, type ExchangeExportFormat as Format } from "../../lib/export-exchanges";
import { curlOrigin } from "../../lib/settings";
import { notReplayable } from "../../lib/traffic-exchange";

export function TrafficActions({ record, exchange }: { record: TrafficRecord; exchange: Exchange }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ busy?: Format; message?: string; problem?: string }>({});
  const problem = notReplayable(record);
  const match = matchOperation(exchange.request.method, exchange.request.url, exchange.operationId);
  if (problem !== undefined || !match) return <p className="notice">{problem} It can still be read here, and a TPP&apos;s own copy sent again as it is.</p>;
  const run = (format: Format) => {
    setState({ busy: format });
    exportExchanges(queryClient, format, [exchange]).then(
      (message) => {
        setState({ message });
      },
      (error: unknown) => {
        setState({ problem: error instanceof Error ? error.message : String(error) });
      },
    );
  };
  return (
    <>
      <div className="button-row" role="group" aria-label="Actions on this request">
        <Link
          className="button button-primary"
          href={consoleAddress(match.operation.id, { ...match.query, ...match.params }, { kind: "traffic", id: record.id })}
        >
          Open in console
        </Link>
        <button
          type="button"
          disabled={state.busy !== undefined}
          onClick={() => {
            run("playwright");
          }}
        >
          {state.busy === "playwright" ? "Exporting…" : "Export as Playwright test"}
        </button>
        <button
          type="button"
          disabled={state.busy !== undefined}
          onClick={() => {
            run("postman");
          }}
        >
          {state.busy === "postman" ? "Exporting…" : "Export as Postman collection"}
        </button>
        <Link href={`/reference/${match.operation.id}`}>Reference: {match.operation.title}</Link>
      </div>
      <p className="muted">
        The console opens this request&apos;s form with its parameters, headers and body, to send it again signed with the portal&apos;s certificate. The export
        is a test that sends it to <code>{curlOrigin()}</code>, signed when it runs, expecting the {record.status} it got here.
      </p>
      <ActionOutcome message={state.message} problem={state.problem} />
    </>
  );
}
