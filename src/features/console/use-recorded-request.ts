/**
 * "Open in console" from the history: the address names a recorded request; its headers and body
 * become the form's draft, and the address drops the id, so a reload keeps later edits.
 */
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import type { Operation } from "../../contract/operations";
import { consoleAddress, FROM_HISTORY } from "../../lib/console-address";
import type { FieldNode } from "../../lib/form-fields";
import { getExchange } from "../../lib/history";
import type { Edit } from "./form-edits";
import { timeOf } from "./form-status";
import { recordedEdits } from "./recorded-request";

export function useRecordedRequest(operation: Operation, nodes: FieldNode[], exchangeId: string | undefined, load: (edits: Edit[], what: string) => void) {
  const [, navigate] = useLocation();
  const [problem, setProblem] = useState<string>();
  const [loading, setLoading] = useState(exchangeId !== undefined);
  useEffect(() => {
    if (exchangeId === undefined) return;
    let current = true;
    setLoading(true);
    getExchange(exchangeId)
      .then((exchange) => {
        if (!current) return;
        if (!exchange) setProblem("That request is no longer in the history (it was cleared, or is older than the newest 500): the form shows the example.");
        else load(recordedEdits(operation, exchange, nodes), `the request sent at ${timeOf(exchange.sentAt, true)} (Oslo) from the history`);
      })
      .catch((error: unknown) => {
        if (current) setProblem(`The history could not be read (${error instanceof Error ? error.message : String(error)}): the form shows the example.`);
      })
      .finally(() => {
        if (!current) return;
        setLoading(false);
        const rest = Object.fromEntries([...new URLSearchParams(location.search).entries()].filter(([name]) => name !== FROM_HISTORY));
        navigate(consoleAddress(operation.id, rest), { replace: true });
      });
    return () => {
      current = false;
    };
  }, [exchangeId]);
  return { loading, problem };
}
