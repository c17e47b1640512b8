import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { deleteCredential } from "../../lib/credentials";
import { getSettings, updateSettings, useSettings } from "../../lib/settings";
import { CredentialCard } from "./credential-card";
import { credentialKeys, describedCredentialsQuery } from "./credential-queries";
import { signingCredentialId } from "./credential-state";
import { useSandboxNow } from "./use-sandbox-now";

/** The stored certificates, newest first, with the one that signs marked and choosable. */
export function CertificateList() {
  const queryClient = useQueryClient();
  const settings = useSettings();
  const credentials = useQuery(describedCredentialsQuery());
  const { now, shifted } = useSandboxNow();
  const [status, setStatus] = useState("");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const all = credentials.data ?? [];
  const signingId = signingCredentialId(
    all.map((entry) => entry.credential),
    settings.credentialId,
  );

  const remove = useMutation({
    mutationFn: (id: string) => deleteCredential(id),
    onSuccess: async (_nothing, id) => {
      const label = all.find((entry) => entry.credential.id === id)?.credential.label ?? "The certificate";
      const left = all.filter((entry) => entry.credential.id !== id).map((entry) => entry.credential);
      const next = left.find((credential) => credential.id === signingCredentialId(left, getSettings().credentialId));
      setStatus(
        next
          ? `Deleted “${label}”. Requests are signed with “${next.label}”.`
          : `Deleted “${label}”. No certificate is left: the next request sent makes a new test certificate.`,
      );
      await queryClient.invalidateQueries({ queryKey: credentialKeys.all() });
      headingRef.current?.focus();
    },
    onError: (error) => {
      setStatus(`Not deleted: ${error.message}`);
    },
  });

  const use = (id: string, label: string) => {
    updateSettings({ credentialId: id });
    setStatus(`Requests are now signed with “${label}”.`);
  };

  return (
    <div className="certificate-list">
      <h3 ref={headingRef} tabIndex={-1}>
        Your certificates
      </h3>
      <p role="status" className="settings-status">
        {status}
      </p>
      {shifted ? (
        <p className="muted">
          Validity is judged at the sandbox’s clock ({now.toISOString().slice(0, 16).replace("T", " ")} UTC), which has been moved: the sandbox refuses an
          expired certificate with CERTIFICATE_EXPIRED.
        </p>
      ) : null}
      {credentials.isPending ? (
        <div className="credential-card credential-skeleton" aria-busy="true">
          <p className="muted">Reading the certificates stored in this browser…</p>
        </div>
      ) : credentials.isError ? (
        <p role="alert" className="panel panel-error">
          The stored certificates could not be read: {credentials.error.message}
        </p>
      ) : all.length === 0 ? (
        <p className="notice">
          No certificate yet. Make or import one below; otherwise the next request the portal sends makes a test certificate “Sandbox TPP” on the spot (its key
          cannot be downloaded).
        </p>
      ) : (
        <ul className="credential-list" aria-label="Stored certificates, newest first">
          {[...all].reverse().map((entry) => (
            <CredentialCard
              key={entry.credential.id}
              entry={entry}
              inUse={entry.credential.id === signingId}
              now={now}
              deleting={remove.isPending && remove.variables === entry.credential.id}
              onUse={() => {
                use(entry.credential.id, entry.credential.label);
              }}
              onDelete={() => {
                remove.mutate(entry.credential.id);
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
