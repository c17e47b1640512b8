/**
 * Below the answer: its body and headers, the request inspector and the code, as tabs (decision 0050).
 * The answer's tab is chosen after each send; the inspector before the first.
 */
import type { ReactNode } from "react";
import { ResponseParts } from "../../components/inspector";
import { Tabs } from "../../components/tabs";
import type { Exchange } from "../../lib/exchange";
import type { AnswerTab } from "./result-panel";

function ResponseView({ exchange }: { exchange: Exchange | undefined }) {
  if (!exchange) return <p className="muted">Nothing sent yet: the answer's body and headers come here.</p>;
  if (!exchange.response) return <p className="panel panel-error">No answer: {exchange.error}</p>;
  return (
    <section className="response-view" aria-label="Response">
      <ResponseParts response={exchange.response} />
    </section>
  );
}

interface Props {
  exchange: Exchange | undefined;
  selected: AnswerTab;
  onSelect: (tab: AnswerTab) => void;
  inspector: ReactNode;
  code: ReactNode;
}

export function AnswerTabs({ exchange, selected, onSelect, inspector, code }: Props) {
  return (
    <Tabs
      label="Answer and request"
      idPrefix="answer"
      selected={selected}
      onSelect={onSelect}
      tabs={[
        { id: "response", label: "Response", panel: <ResponseView exchange={exchange} /> },
        { id: "inspector", label: "Inspector", panel: inspector },
        { id: "code", label: "Code", panel: code },
      ]}
    />
  );
}
