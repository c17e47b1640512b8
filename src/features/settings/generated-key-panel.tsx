import { useEffect, useRef } from "react";
import type { NewCredential } from "../../lib/credentials";
import { CertificateFacts } from "./certificate-facts";
import type { CertificateDetails } from "./credential-queries";
import { certificateFileName, keyFileName } from "./credential-state";
import { downloadText, PEM } from "../../lib/download";

export interface FreshCredential extends NewCredential {
  details: CertificateDetails;
}

interface Props {
  fresh: FreshCredential;
  now: Date;
  inUse: boolean;
  onUse: () => void;
  onDismiss: () => void;
}

/**
 * Shown once, right after generation: the only moment the private key exists as bytes. The
 * stored CryptoKey is non-extractable, so once this panel goes the PEM cannot be made again.
 */
export function GeneratedKeyPanel({ fresh, now, inUse, onUse, onDismiss }: Props) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, [fresh.credential.id]);
  const { credential, details, privateKeyPem } = fresh;
  return (
    <section className="panel panel-ok generated-key" aria-labelledby="generated-key-title">
      <h3 id="generated-key-title" ref={headingRef} tabIndex={-1}>
        Certificate “{credential.label}” created
      </h3>
      <CertificateFacts details={details} now={now} />
      <div className="notice key-once">
        <p>
          <strong>Download the private key now: this is the only time it is offered.</strong> The portal keeps the key in this browser as a non-extractable key:
          it can sign requests, but nobody, not even this page, can read it back. Once you dismiss this panel, leave the page or reload, the key PEM is gone for
          good. You need it (with the certificate) to sign from your own server or with curl.
        </p>
      </div>
      <div className="form-actions">
        <button
          type="button"
          className="button-primary"
          onClick={() => {
            downloadText(keyFileName(credential.label), privateKeyPem, PEM);
          }}
        >
          Download private key ({keyFileName(credential.label)})
        </button>
        <button
          type="button"
          onClick={() => {
            downloadText(certificateFileName(credential.label), details.pem, PEM);
          }}
        >
          Download certificate ({certificateFileName(credential.label)})
        </button>
        {inUse ? (
          <span className="tag tag-in-use">in use: signs requests</span>
        ) : (
          <button type="button" onClick={onUse}>
            Use it to sign requests
          </button>
        )}
        <button type="button" onClick={onDismiss}>
          Done, I have the key
        </button>
      </div>
    </section>
  );
}
