import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type ChangeEvent } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FieldShell } from "../../components/field-shell";
import { importCredential } from "../../lib/credentials";
import { credentialKeys } from "./credential-queries";
import { placeImportError, type ImportField } from "./import-error";
import { readPemFile } from "./read-pem-file";
import { FormOutcome } from "../../components/form-outcome";

const importSchema = z.object({
  label: z.string().trim().max(100, "At most 100 characters."),
  certificatePem: z.string().trim().min(1, "Paste the certificate PEM (-----BEGIN CERTIFICATE-----…) or choose its file."),
  privateKeyPem: z.string().trim().min(1, "Paste the private key PEM (-----BEGIN PRIVATE KEY-----…) or choose its file."),
});
type ImportValues = z.infer<typeof importSchema>;
const fieldNames: Record<ImportField, string> = { certificatePem: "certificate", privateKeyPem: "private key" };
const empty: ImportValues = { label: "", certificatePem: "", privateKeyPem: "" };

/** Imports a TPP's own certificate and PKCS#8 key; the importer checks that they belong together. */
export function ImportForm() {
  const queryClient = useQueryClient();
  const form = useForm<ImportValues>({ resolver: zodResolver(importSchema), defaultValues: empty, mode: "onSubmit" });
  const { register, handleSubmit, formState, setError, setValue, reset } = form;
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string; detail?: string }>();
  const submit = useMutation({
    mutationFn: (values: ImportValues) => importCredential(values.label, values.certificatePem, values.privateKeyPem),
    onSuccess: async (credential) => {
      reset(empty);
      setOutcome({ ok: true, text: `Imported “${credential.label}”. It is listed above; choose “Use to sign requests” to sign with it.` });
      await queryClient.invalidateQueries({ queryKey: credentialKeys.all() });
    },
    onError: (error) => {
      const placed = placeImportError(error);
      if (placed.field) setError(placed.field, { type: "import", message: placed.message }, { shouldFocus: true });
      // The reason sits at its field; the alert says where, and carries the reason for screen readers.
      if (placed.field) setOutcome({ ok: false, text: `Not imported, nothing was added: see the ${fieldNames[placed.field]} above.`, detail: placed.message });
      else setOutcome({ ok: false, text: placed.message });
    },
  });
  const chooseFile = (field: ImportField, kind: "certificate" | "key") => async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const read = await readPemFile(file, kind);
    if (read.ok) setValue(field, read.text, { shouldValidate: true, shouldDirty: true });
    else setError(field, { type: "file", message: read.message }, { shouldFocus: true });
  };
  const error = (name: keyof ImportValues) => formState.errors[name]?.message;

  return (
    <form
      className="panel settings-form"
      onSubmit={handleSubmit((values) => {
        setOutcome(undefined);
        submit.mutate(values);
      })}
      noValidate
      aria-labelledby="import-title"
    >
      <h3 id="import-title">Import a certificate and key</h3>
      <p className="muted">Your own certificate (PEM, or a DER file) and its RSA private key as unencrypted PKCS#8 PEM. The key is kept non-extractable.</p>
      <FieldShell id="import-label" label="Label" error={error("label")} hint="Empty means the certificate's subject.">
        {(describedBy) => (
          <input
            id="import-label"
            type="text"
            autoComplete="off"
            aria-describedby={describedBy}
            aria-invalid={error("label") ? true : undefined}
            {...register("label")}
          />
        )}
      </FieldShell>
      <FieldShell id="import-certificatePem" label="Certificate PEM" required error={error("certificatePem")}>
        {(describedBy) => (
          <>
            <textarea
              id="import-certificatePem"
              rows={6}
              spellCheck={false}
              placeholder="-----BEGIN CERTIFICATE-----"
              aria-describedby={describedBy}
              aria-invalid={error("certificatePem") ? true : undefined}
              {...register("certificatePem")}
            />
            <label className="file-choice">
              Or choose the certificate file{" "}
              <input
                type="file"
                accept=".pem,.crt,.cer,.der,application/x-pem-file,application/pkix-cert"
                onChange={chooseFile("certificatePem", "certificate")}
              />
            </label>
          </>
        )}
      </FieldShell>
      <FieldShell id="import-privateKeyPem" label="Private key PEM (PKCS#8)" required error={error("privateKeyPem")}>
        {(describedBy) => (
          <>
            <textarea
              id="import-privateKeyPem"
              rows={6}
              spellCheck={false}
              placeholder="-----BEGIN PRIVATE KEY-----"
              aria-describedby={describedBy}
              aria-invalid={error("privateKeyPem") ? true : undefined}
              {...register("privateKeyPem")}
            />
            <label className="file-choice">
              Or choose the key file <input type="file" accept=".pem,.key,application/x-pem-file" onChange={chooseFile("privateKeyPem", "key")} />
            </label>
          </>
        )}
      </FieldShell>
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={submit.isPending}>
          {submit.isPending ? "Checking and importing…" : "Import"}
        </button>
      </div>
      <FormOutcome ok={outcome?.ok}>
        {outcome ? (
          <p className={outcome.ok ? "outcome-ok" : "field-error"}>
            {outcome.text}
            {outcome.detail ? <span className="visually-hidden"> {outcome.detail}</span> : null}
          </p>
        ) : null}
      </FormOutcome>
    </form>
  );
}
