import { useEffect, useRef, useState } from "react";
import type { DescribedCredential } from "./credential-queries";
import { CertificateFacts } from "./certificate-facts";
import { certificateFileName, formatInstant } from "./credential-state";
import { downloadText, PEM } from "../../lib/download";

interface Props {
  entry: DescribedCredential;
  inUse: boolean;
  now: Date;
  deleting: boolean;
  onUse: () => void;
  onDelete: () => void;
}

/** One stored certificate: what it is, whether it signs, and what can be done with it. */
export function CredentialCard({ entry, inUse, now, deleting, onUse, onDelete }: Props) {
  const { credential, details, problem } = entry;
  const [confirming, setConfirming] = useState(false);
  const keepRef = useRef<HTMLButtonElement>(null);
  const askRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  // Focus follows the question: to "Keep it" (the safe answer) when asked, back to "Delete…" when kept.
  useEffect(() => {
    if (confirming) keepRef.current?.focus();
    else if (asked.current) askRef.current?.focus();
    asked.current = confirming;
  }, [confirming]);
  const headingId = `credential-${credential.id}`;
  return (
    <li className={`credential-card${inUse ? " credential-in-use" : ""}`}>
      <article aria-labelledby={headingId}>
        <h4 id={headingId} className="credential-title">
          <span className="credential-label">{credential.label}</span>
          {inUse ? <span className="tag tag-in-use">in use: signs requests</span> : null}
          <span className="tag">{credential.source}</span>
        </h4>
        {details ? <CertificateFacts details={details} now={now} /> : <p className="field-error">This certificate can no longer be read: {problem}</p>}
        <p className="muted credential-added">
          Added {formatInstant(new Date(credential.createdAt))}. The private key stays in this browser and cannot be exported.
        </p>
        {confirming ? (
          <div
            className="form-actions confirm-delete"
            role="group"
            aria-label={`Confirm deleting ${credential.label}`}
            onKeyDown={(event) => {
              if (event.key === "Escape" && !deleting) setConfirming(false);
            }}
          >
            <span>
              Delete “{credential.label}” and its key? This cannot be undone{credential.source === "imported" ? "" : ": the key exists nowhere else"}.
            </span>
            <button type="button" className="button-danger" onClick={onDelete} disabled={deleting}>
              {deleting ? "Deleting…" : "Delete for good"}
            </button>
            <button
              type="button"
              ref={keepRef}
              onClick={() => {
                setConfirming(false);
              }}
              disabled={deleting}
            >
              Keep it
            </button>
          </div>
        ) : (
          <div className="form-actions">
            {inUse ? null : (
              <button type="button" className="button-primary" onClick={onUse} disabled={!details}>
                <span>
                  Use<span className="visually-hidden"> {credential.label}</span> to sign requests
                </span>
              </button>
            )}
            {details ? (
              <button
                type="button"
                onClick={() => {
                  downloadText(certificateFileName(credential.label), details.pem, PEM);
                }}
              >
                <span>
                  Download<span className="visually-hidden"> {credential.label}</span> certificate
                </span>
              </button>
            ) : null}
            <button
              type="button"
              onClick={() => {
                setConfirming(true);
              }}
              ref={askRef}
            >
              {/* One flex item: the button's gap would otherwise split the words. */}
              <span>
                Delete<span className="visually-hidden"> {credential.label}</span>
                <span aria-hidden="true">…</span>
              </span>
            </button>
          </div>
        )}
      </article>
    </li>
  );
}
