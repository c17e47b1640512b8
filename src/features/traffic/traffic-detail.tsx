/**
 * One received request, whole: what it was and who sent it, what to do with it, the signature as the sandbox judged
 * it, the request's headers and body and the answer, each body with the bound it was kept to.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { CodeBlock } from "../../components/code-block";
import { HeadersTable, ResponseParts } from "../../components/inspector";
import { formatOslo } from "../../contract/oslo-time";
import type { RecordedBody, TrafficRecord } from "../../contract/traffic";
import { formatDuration } from "../../lib/http-status";
import { sandboxKeys } from "../../lib/query-keys";
import { sandboxControl } from "../../lib/send";
import { getSettings, sandboxOrigin } from "../../lib/settings";
import { exchangeOfRecord } from "../../lib/traffic-exchange";
import { signedHeaders } from "./received-request";
import { TrafficActions } from "./traffic-actions";
import { TrafficSignature } from "./traffic-signature";
import { changeText, senderOf, statusText } from "./traffic-words";

function BodyBound({ body, what }: { body: RecordedBody; what: string }) {
  return body.keptBytes < body.bytes ? (
    <p className="notice">
      The {what} was {body.bytes} bytes; the sandbox kept the first {body.keptBytes}.
    </p>
  ) : null;
}

function Sender({ record, onOnlyTpp }: { record: TrafficRecord; onOnlyTpp: (sha256: string) => void }) {
  const { tpp } = record;
  if (tpp === null) return <dd>No certificate: the request was not signed.</dd>;
  return (
    <dd>
      {senderOf(tpp)} <span className="muted">({tpp.subject})</span>
      <br />
      <span className="muted">Certificate SHA-256</span> <code className="wrap">{tpp.certificateSha256}</code>{" "}
      <button
        type="button"
        className="button-small"
        onClick={() => {
          onOnlyTpp(tpp.certificateSha256);
        }}
      >
        Only this TPP&apos;s requests
      </button>
    </dd>
  );
}

function Facts({ record, onOnlyTpp }: { record: TrafficRecord; onOnlyTpp: (sha256: string) => void }) {
  return (
    <dl className="facts">
      <dt>Received</dt>
      <dd>
        {formatOslo(record.at)} (Oslo, real time), answered in {formatDuration(record.ms)}
      </dd>
      <dt>Operation</dt>
      <dd>{record.operation === null ? "none of the contract's (the server's own page, or an unknown path)" : <code>{record.operation}</code>}</dd>
      <dt>From</dt>
      <Sender record={record} onOnlyTpp={onOnlyTpp} />
      <dt>X-Request-ID</dt>
      <dd>{record.requestId === null ? "none" : <code className="wrap">{record.requestId}</code>}</dd>
      {record.scenario === null ? null : (
        <>
          <dt>Scenario applied</dt>
          <dd>
            <code>{record.scenario}</code>
          </dd>
        </>
      )}
      <dt>Changed</dt>
      <dd>
        {record.changes.length === 0 ? (
          "nothing"
        ) : (
          <ul className="traffic-changes">
            {record.changes.map((change, index) => (
              <li key={index}>{changeText(change)}</li>
            ))}
          </ul>
        )}
      </dd>
    </dl>
  );
}

function RecordView({ record, onOnlyTpp }: { record: TrafficRecord; onOnlyTpp: (sha256: string) => void }) {
  const exchange = useMemo(() => exchangeOfRecord(record, sandboxOrigin(getSettings())), [record]);
  const target = `${record.path}${record.query === "" ? "" : `?${record.query}`}`;
  return (
    <>
      <h2 id="traffic-detail-title" tabIndex={-1}>
        {record.method} {target} <span className="muted">answered</span> {statusText(record.status)}
      </h2>
      <TrafficActions record={record} exchange={exchange} />
      <Facts record={record} onOnlyTpp={onOnlyTpp} />
      <TrafficSignature record={record} />
      <section aria-labelledby="traffic-request-title">
        <h3 id="traffic-request-title">Request as received</h3>
        <HeadersTable headers={record.request.headers} unsent={{}} signed={signedHeaders(record.request.headers)} caption="Request headers" />
        <BodyBound body={record.request.body} what="request body" />
        {record.request.body.bytes === 0 ? <p className="muted">No body.</p> : <CodeBlock label="Request body" text={record.request.body.text} />}
      </section>
      <section aria-labelledby="traffic-response-title">
        <h3 id="traffic-response-title">
          Answer <span className="muted">{statusText(record.status)}</span>
        </h3>
        <BodyBound body={record.response.body} what="answer's body" />
        {exchange.response ? <ResponseParts response={exchange.response} /> : null}
      </section>
    </>
  );
}

interface DetailProps {
  id: string;
  onOnlyTpp: (sha256: string) => void;
  /** Take the focus once it is read (a request chosen in the list or the report, not the one the address opened with). */
  focusOnOpen: boolean;
}

export function TrafficDetail({ id, onOnlyTpp, focusOnOpen }: DetailProps) {
  const record = useQuery({
    queryKey: sandboxKeys.trafficRecord(id),
    queryFn: () => sandboxControl("sandboxRequest", { params: { id } }),
    staleTime: Infinity,
    retry: false,
  });
  const read = record.data !== undefined;
  useEffect(() => {
    if (focusOnOpen && read) document.getElementById("traffic-detail-title")?.focus();
  }, [focusOnOpen, read]);
  return (
    <section className="traffic-detail inspector" aria-labelledby="traffic-detail-title">
      {record.data ? (
        <RecordView record={record.data} onOnlyTpp={onOnlyTpp} />
      ) : record.error ? (
        <>
          <h2 id="traffic-detail-title">Request not found</h2>
          <p role="alert" className="panel panel-error">
            {record.error.message}
          </p>
        </>
      ) : (
        <p className="loading" id="traffic-detail-title">
          Reading the request…
        </p>
      )}
    </section>
  );
}
