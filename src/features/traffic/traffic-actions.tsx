/**
 * What to do with a received request: open it in the console (its operation's form, filled with its parameters,
 * headers and body) or export it as a test (the history's Playwright and Postman exports, for this one request).
 */
import { Link } from "wouter";
import { ActionOutcome } from "../../components/action-outcome";
import { ExportButtons } from "../../components/export-buttons";
import type { TrafficRecord } from "../../contract/traffic";
import { consoleAddress } from "../../lib/console-address";
import type { Exchange } from "../../lib/exchange";
import { matchOperation } from "../../lib/match-operation";
import { curlOrigin } from "../../lib/settings";
import { notReplayable } from "../../lib/traffic-exchange";
import { useExportDownload } from "../../lib/use-export-download";

export function TrafficActions({ record, exchange }: { record: TrafficRecord; exchange: Exchange }) {
  const { state, run } = useExportDownload();
  const problem = notReplayable(record);
  const match = matchOperation(exchange.request.method, exchange.request.url, exchange.operationId);
  if (problem !== undefined || !match) return <p className="notice">{problem} It can still be read here.</p>;
  return (
    <>
      <div className="button-row" role="group" aria-label="Actions on this request">
        <Link
          className="button button-primary"
          href={consoleAddress(match.operation.id, { ...match.query, ...match.params }, { kind: "traffic", id: record.id })}
        >
          Open in console
        </Link>
        <ExportButtons exchanges={[exchange]} state={state} run={run} />
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
