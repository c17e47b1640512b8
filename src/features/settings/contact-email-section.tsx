import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { FieldShell } from "../../components/field-shell";
import { operationById } from "../../contract/operations";
import type { Exchange } from "../../lib/exchange";
import { portalKeys, sandboxKeys } from "../../lib/query-keys";
import { sendRequest } from "../../lib/send";
import { sandboxName, useSettings } from "../../lib/settings";
import { sandboxSettingsQuery } from "./contact-email-query";
import { formatOslo } from "../../contract/oslo-time";
import { messageLine, tppMessagesOf, type TppMessageLike as TppMessage } from "../../lib/tpp-messages";
import { FormOutcome } from "../../components/form-outcome";

const operation = operationById("registerContactEmail");

interface Outcome {
  exchange?: Exchange;
  ok: boolean;
  text: string;
  /** The reason already shown at the field, repeated for screen readers only. */
  detail?: string;
  messages: TppMessage[];
}

/** The TPP's contact e-mail: what the sandbox holds, and the signed operation that registers a new one. */
export function ContactEmailSection() {
  const queryClient = useQueryClient();
  const settings = useSettings();
  const registered = useQuery(sandboxSettingsQuery());
  const form = useForm<{ email: string }>({ defaultValues: { email: "" } });
  const { register, handleSubmit, formState, setError } = form;
  const [outcome, setOutcome] = useState<Outcome>();
  const send = useMutation({
    mutationFn: (email: string) =>
      sendRequest({ operation, params: {}, query: {}, headers: { "X-Request-ID": crypto.randomUUID() }, body: JSON.stringify({ email }) }),
    onSuccess: async (exchange) => {
      const status = exchange.response?.status;
      if (status !== undefined && status < 300) {
        setOutcome({ exchange, ok: true, text: `Registered (${String(status)}).`, messages: [] });
        form.reset({ email: "" });
      } else {
        const messages = tppMessagesOf(exchange.response?.body);
        const atField = messages.find((message) => message.path === "email");
        if (atField) setError("email", { type: "server", message: messageLine(atField) }, { shouldFocus: true });
        const text =
          exchange.error ??
          `Not registered: the sandbox answered ${String(status)}${atField ? ", see the e-mail field" : messages.length ? "" : " without tppMessages"}.`;
        setOutcome({
          exchange,
          ok: false,
          text,
          ...(atField ? { detail: messageLine(atField) } : {}),
          messages: messages.filter((message) => message !== atField),
        });
      }
      await queryClient.invalidateQueries({ queryKey: sandboxKeys.all });
      await queryClient.invalidateQueries({ queryKey: portalKeys.history() });
    },
    onError: (error) => {
      setOutcome({ ok: false, text: `Not sent: ${error.message}`, messages: [] });
    },
  });
  const fieldError = formState.errors.email?.message;
  const contact = registered.data?.contactEmail;

  return (
    <section className="settings-section" aria-labelledby="contact-email">
      <h2 id="contact-email">TPP contact e-mail</h2>
      <p>
        The address at which the bank reaches your developers (the TPP dialogue area). Registering sends the signed operation{" "}
        <Link href="/reference/registerContactEmail">{operation.title}</Link> (
        <code>
          {operation.method} {operation.path}
        </code>
        ).
      </p>
      <div className="panel settings-form">
        <p className="registered-email" aria-live="polite">
          {registered.isPending ? (
            <span className="muted">Reading the registered address…</span>
          ) : registered.isError ? (
            <span className="field-error">The registered address could not be read: {registered.error.message}</span>
          ) : contact ? (
            <>
              Registered: <strong>{contact.email}</strong> <span className="muted">since {formatOslo(contact.registeredAt)} (Oslo, sandbox clock)</span>
            </>
          ) : (
            <span className="muted">No contact e-mail registered yet.</span>
          )}
        </p>
        <p className="muted">Registered with {sandboxName(settings.sandbox)}, the sandbox chosen above.</p>
        <form
          onSubmit={handleSubmit(({ email }) => {
            setOutcome(undefined);
            send.mutate(email.trim());
          })}
          noValidate
          aria-label="Register a contact e-mail"
        >
          <FieldShell id="contact-email-input" label="New contact e-mail" required error={fieldError} hint="The sandbox checks the address, as the bank would.">
            {(describedBy) => (
              <input
                id="contact-email-input"
                type="email"
                autoComplete="email"
                aria-describedby={describedBy}
                aria-invalid={fieldError ? true : undefined}
                {...register("email", { validate: (value) => value.trim() !== "" || "Enter the e-mail address to register." })}
              />
            )}
          </FieldShell>
          <div className="form-actions">
            <button type="submit" className="button-primary" disabled={send.isPending}>
              {send.isPending ? "Registering…" : "Register"}
            </button>
          </div>
        </form>
        <FormOutcome ok={outcome?.ok}>
          {outcome ? (
            <div className={outcome.ok ? "outcome-ok" : "outcome-error"}>
              <p>
                {outcome.text}
                {outcome.detail ? <span className="visually-hidden"> {outcome.detail}</span> : null}
                {outcome.exchange ? (
                  <>
                    {" "}
                    <Link href={`/history/${outcome.exchange.id}`}>See the request and answer</Link>.
                  </>
                ) : null}
              </p>
              {outcome.messages.length ? (
                <ul className="tpp-messages">
                  {outcome.messages.map((message, index) => (
                    <li key={index}>
                      <strong>{message.code}</strong>
                      {message.path ? (
                        <>
                          {" "}
                          at <code>{message.path}</code>
                        </>
                      ) : null}
                      : {message.text}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
        </FormOutcome>
      </div>
    </section>
  );
}
