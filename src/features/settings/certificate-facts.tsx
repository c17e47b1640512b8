import { CopyButton } from "../../components/copy-button";
import type { CertificateDetails } from "./credential-queries";
import { formatInstant, validityAt } from "./credential-state";

/** Serial, subject, issuer, validity and keyId of one certificate, as text. */
export function CertificateFacts({ details, now }: { details: CertificateDetails; now: Date }) {
  const validity = validityAt(details, now);
  return (
    <dl className="facts certificate-facts">
      <dt>Subject</dt>
      <dd>
        <code className="wrap">{details.subject}</code>
      </dd>
      <dt>Issuer</dt>
      <dd>
        <code className="wrap">{details.issuer}</code>
        {details.issuer === details.subject ? <span className="muted"> (self-signed)</span> : null}
      </dd>
      <dt>Serial</dt>
      <dd>
        <code className="wrap">{details.serialNumber}</code>
      </dd>
      <dt>Valid</dt>
      <dd>
        {formatInstant(details.notBefore)} to {formatInstant(details.notAfter)}{" "}
        <span className={`tag validity-${validity.replace(/ /g, "-")}`}>{validity}</span>
      </dd>
      <dt>Key</dt>
      <dd>{details.publicKeyAlgorithm}</dd>
      <dt>keyId</dt>
      <dd className="key-id">
        <code className="wrap">{details.keyId}</code> <CopyButton text={details.keyId} label="Copy keyId" />
      </dd>
    </dl>
  );
}
