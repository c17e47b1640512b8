import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { updateSettings, useSettings } from "../../lib/settings";
import { CertificateList } from "./certificate-list";
import { describedCredentialsQuery } from "./credential-queries";
import { signingCredentialId } from "./credential-state";
import { GenerateForm } from "./generate-form";
import { GeneratedKeyPanel, type FreshCredential } from "./generated-key-panel";
import { ImportForm } from "./import-form";
import { useSandboxNow } from "./use-sandbox-now";

/** Certificates: the list, the one-time key download after generation, and the two ways to add one. */
export function CertificatesSection() {
  // The only copy of a generated key's PEM lives here, in memory, until dismissed or the page is left.
  const [fresh, setFresh] = useState<FreshCredential>();
  const settings = useSettings();
  const credentials = useQuery(describedCredentialsQuery());
  const { now } = useSandboxNow();
  const signingId = signingCredentialId(
    (credentials.data ?? []).map((entry) => entry.credential),
    settings.credentialId,
  );

  return (
    <section className="settings-section" aria-labelledby="certificates">
      <h2 id="certificates">Certificates</h2>
      <p>
        Every request the portal sends is signed with the certificate marked <span className="tag tag-in-use">in use</span>: its serial and issuer make the{" "}
        <code>keyId</code> of the Signature header (<code>SN=&lt;serial&gt;,CA=&lt;issuer&gt;</code>), and the certificate travels in{" "}
        <code>TPP-Signature-Certificate</code>. Private keys stay in this browser’s IndexedDB as non-extractable keys: they sign, but cannot be read back.
      </p>
      {fresh ? (
        <GeneratedKeyPanel
          fresh={fresh}
          now={now}
          inUse={fresh.credential.id === signingId}
          onUse={() => {
            updateSettings({ credentialId: fresh.credential.id });
          }}
          onDismiss={() => {
            setFresh(undefined);
          }}
        />
      ) : null}
      <CertificateList />
      <div className="settings-grid">
        <GenerateForm onGenerated={setFresh} pendingKeyOf={fresh?.credential.label} />
        <ImportForm />
      </div>
    </section>
  );
}
