/**
 * A received request's signature as the sandbox judged it: the signature doctor's findings (code and text, with the
 * rule's source), the Signature header's parts, the Digest sent against the digest of the body as received, and the
 * signing string the sandbox rebuilt; beside what the portal signed when the request came from this portal (the
 * history kept its signing string, found by the X-Request-ID).
 */
import { useQuery } from "@tanstack/react-query";
import { CodeBlock } from "../../components/code-block";
import { DiagnosisFindings } from "../../components/signature-diagnosis";
import { SignatureParts } from "../../components/inspector";
import { SigningCompare } from "../../components/signing-compare";
import type { TrafficRecord } from "../../contract/traffic";
import { listHistory } from "../../lib/history";
import { portalKeys } from "../../lib/query-keys";
import { digestCheck, headerOf } from "./received-request";

function DigestCheck({ record }: { record: TrafficRecord }) {
  const check = digestCheck(record);
  if (check === undefined) return null;
  return (
    <>
      <dt>Digest sent</dt>
      <dd>
        <code className="wrap">{check.sent ?? "none"}</code>
      </dd>
      {check.received === undefined ? null : (
        <>
          <dt>Digest of the body as received</dt>
          <dd>
            <code className="wrap">{check.received}</code>{" "}
            {check.verdict === "matches" ? (
              <span className="tag">matches</span>
            ) : check.verdict === "differs" ? (
              <>
                <span className="tag tag-warning">differs</span> the body changed after it was hashed, or another body was hashed
              </>
            ) : null}
          </dd>
        </>
      )}
    </>
  );
}

export function TrafficSignature({ record }: { record: TrafficRecord }) {
  const signature = headerOf(record.request.headers, "signature");
  const history = useQuery({ queryKey: portalKeys.history(), queryFn: listHistory, enabled: record.signingString !== undefined && record.requestId !== null });
  const sentByPortal = history.data?.find((exchange) => exchange.signing && headerOf(exchange.request.headers, "x-request-id") === record.requestId);
  return (
    <section aria-labelledby="traffic-signature-title">
      <h3 id="traffic-signature-title">Signature</h3>
      {record.diagnosis.length > 0 ? (
        <DiagnosisFindings findings={record.diagnosis} />
      ) : record.status === 401 ? (
        <p className="muted">The signature doctor recorded no finding: what was refused is in the answer&apos;s message below.</p>
      ) : null}
      {signature === undefined ? (
        <p className="muted">Not signed: the request carried no Signature header.</p>
      ) : (
        <dl className="facts">
          <SignatureParts header={signature} />
          <DigestCheck record={record} />
        </dl>
      )}
      {record.signingString === undefined ? null : sentByPortal?.signing ? (
        <SigningCompare signed={sentByPortal.signing.signingString} rebuilt={record.signingString} signedBy="this portal" />
      ) : (
        <CodeBlock label="Signing string the sandbox rebuilt from the request (compare it with yours line by line)" text={record.signingString} />
      )}
    </section>
  );
}
