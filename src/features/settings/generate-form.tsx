import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm, useWatch } from "react-hook-form";
import { FieldShell } from "../../components/field-shell";
import { FormOutcome } from "../../components/form-outcome";
import { describeCredential } from "../../lib/credentials";
import { credentialKeys } from "./credential-queries";
import { generateCredential } from "../../lib/credentials";
import type { FreshCredential } from "./generated-key-panel";
import { generateDefaults, generateSchema, type GenerateInput, type GenerateOptions } from "./generate-schema";

/** Makes a self-signed RSA-2048 certificate with a PSD2-shaped subject, in this browser. */
export function GenerateForm({ onGenerated, pendingKeyOf }: { onGenerated: (fresh: FreshCredential) => void; pendingKeyOf: string | undefined }) {
  const queryClient = useQueryClient();
  const form = useForm<GenerateInput, unknown, GenerateOptions>({ resolver: zodResolver(generateSchema), defaultValues: generateDefaults, mode: "onSubmit" });
  const { register, handleSubmit, formState, control, reset } = form;
  const tppName = useWatch({ control, name: "tppName" });
  const generate = useMutation({
    mutationFn: async (options: GenerateOptions) => {
      const made = await generateCredential(options);
      return { ...made, details: await describeCredential(made.credential) };
    },
    onSuccess: async (fresh) => {
      reset(generateDefaults);
      onGenerated(fresh);
      await queryClient.invalidateQueries({ queryKey: credentialKeys.all() });
    },
  });
  const error = (name: keyof GenerateInput) => formState.errors[name]?.message;

  return (
    <form
      className="panel settings-form"
      onSubmit={handleSubmit((options) => {
        generate.mutate(options);
      })}
      noValidate
      aria-labelledby="generate-title"
    >
      <h3 id="generate-title">Make a test certificate</h3>
      <p className="muted">
        A self-signed RSA-2048 certificate shaped like a PSD2 QSealC, made here in the browser. The sandbox accepts any well-formed certificate.
      </p>
      <FieldShell id="generate-tppName" label="TPP name (CN)" required error={error("tppName")} hint="Also the certificate's label in this list.">
        {(describedBy) => (
          <input
            id="generate-tppName"
            type="text"
            autoComplete="off"
            placeholder="Fjordpay Test"
            aria-describedby={describedBy}
            aria-invalid={error("tppName") ? true : undefined}
            {...register("tppName")}
          />
        )}
      </FieldShell>
      <FieldShell
        id="generate-organizationName"
        label="Organisation name (O)"
        error={error("organizationName")}
        hint={`Empty means “${tppName.trim() || "<TPP name>"} AS”.`}
      >
        {(describedBy) => (
          <input
            id="generate-organizationName"
            type="text"
            autoComplete="off"
            aria-describedby={describedBy}
            aria-invalid={error("organizationName") ? true : undefined}
            {...register("organizationName")}
          />
        )}
      </FieldShell>
      <FieldShell
        id="generate-organizationId"
        label="organizationIdentifier"
        error={error("organizationId")}
        hint="The TPP's id at the Norwegian FSA (Finanstilsynet), the digits after PSDNO-FSA-. Empty means 9 random digits."
      >
        {(describedBy) => (
          <span className="prefixed-input">
            <span className="input-prefix" aria-hidden="true">
              PSDNO-FSA-
            </span>
            <input
              id="generate-organizationId"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder="123456789"
              aria-describedby={describedBy}
              aria-invalid={error("organizationId") ? true : undefined}
              {...register("organizationId")}
            />
          </span>
        )}
      </FieldShell>
      <FieldShell
        id="generate-validityDays"
        label="Valid for (days)"
        required
        error={error("validityDays")}
        hint="From five minutes ago, so a clock slightly behind still accepts it."
      >
        {(describedBy) => (
          <input
            id="generate-validityDays"
            type="text"
            inputMode="numeric"
            className="input-code"
            aria-describedby={describedBy}
            aria-invalid={error("validityDays") ? true : undefined}
            {...register("validityDays")}
          />
        )}
      </FieldShell>
      {pendingKeyOf ? (
        <p id="generate-blocked" className="notice">
          First download the key of “{pendingKeyOf}” above and choose “Done”: a new certificate would replace that panel, and its key would be lost.
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="submit"
          className="button-primary"
          disabled={generate.isPending || pendingKeyOf !== undefined}
          aria-describedby={pendingKeyOf ? "generate-blocked" : undefined}
        >
          {generate.isPending ? "Generating the key and certificate…" : "Generate certificate and key"}
        </button>
      </div>
      <FormOutcome ok={generate.isError ? false : undefined}>
        {generate.isError ? <p className="field-error">The certificate was not made: {generate.error.message}</p> : null}
      </FormOutcome>
    </form>
  );
}
