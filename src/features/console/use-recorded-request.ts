/**
 * "Open in console" from the history or from the Traffic view: the address names a recorded request (the portal's
 * history keeps what it sent, the sandbox's traffic record what it received); its headers and body become the form's
 * draft, and the address drops the id, so a reload keeps later edits.
 */
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import type { Operation } from "../../contract/operations";
import { consoleAddress, FROM_HISTORY, FROM_TRAFFIC, type RecordedSource } from "../../lib/console-address";
import type { Exchange } from "../../lib/exchange";
import type { FieldNode } from "../../lib/form-fields";
import { getExchange } from "../../lib/history";
import { sandboxControl } from "../../lib/send";
import { getSettings, sandboxOrigin } from "../../lib/settings";
import { exchangeOfRecord } from "../../lib/traffic-exchange";
import type { Edit } from "./form-edits";
import { timeOf } from "./form-status";
import { recordedEdits } from "./recorded-request";

const WHERE = { history: "the history", traffic: "the sandbox's traffic record" } as const;
const READ_FAILED = { history: "The history", traffic: "The sandbox's traffic record" } as const;
const GONE = {
  history: "That request is no longer in the history (it was cleared, or is older than the newest 500): the form shows the example.",
  traffic: "That request is no longer in the sandbox's traffic record (the oldest make room for new ones): the form shows the example.",
} as const;

async function readRecorded(source: RecordedSource): Promise<Exchange | undefined> {
  if (source.kind === "history") return getExchange(source.id);
  const record = await sandboxControl("sandboxRequest", { params: { id: source.id } }).catch((error: unknown) => {
    if (error instanceof Error && error.message.startsWith("No recorded request")) return undefined;
    throw error;
  });
  return record && exchangeOfRecord(record, sandboxOrigin(getSettings()));
}

export function useRecordedRequest(operation: Operation, nodes: FieldNode[], source: RecordedSource | undefined, load: (edits: Edit[], what: string) => void) {
  const [, navigate] = useLocation();
  const [problem, setProblem] = useState<string>();
  const [loading, setLoading] = useState(source !== undefined);
  const key = source && `${source.kind}:${source.id}`;
  useEffect(() => {
    if (source === undefined) return;
    let current = true;
    setLoading(true);
    readRecorded(source)
      .then((exchange) => {
        if (!current) return;
        if (!exchange) setProblem(GONE[source.kind]);
        else
          load(
            recordedEdits(operation, exchange, nodes),
            `the request ${source.kind === "history" ? "sent" : "received"} at ${timeOf(exchange.sentAt, true)} (Oslo) from ${WHERE[source.kind]}`,
          );
      })
      .catch((error: unknown) => {
        if (current)
          setProblem(`${READ_FAILED[source.kind]} could not be read (${error instanceof Error ? error.message : String(error)}): the form shows the example.`);
      })
      .finally(() => {
        if (!current) return;
        setLoading(false);
        const rest = Object.fromEntries([...new URLSearchParams(location.search).entries()].filter(([name]) => name !== FROM_HISTORY && name !== FROM_TRAFFIC));
        navigate(consoleAddress(operation.id, rest), { replace: true });
      });
    return () => {
      current = false;
    };
  }, [key]);
  return { loading, problem };
}
