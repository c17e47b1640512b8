/** "Test identities": valid Norwegian numbers to copy, and a customer with an account made from one in a click. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CopyButton } from "../../components/copy-button";
import type { TestIdentities } from "../../contract/control-schemas";
import { portalKeys, sandboxKeys } from "../../lib/query-keys";
import { sandboxControl } from "../../lib/send";
import { createCustomerWithAccount, type IdentityOutcome } from "../../lib/customer-with-account";
import { RequestLink } from "./request-link";
import { UseAsPsu } from "./use-as-psu";

const kinds: { key: keyof TestIdentities; title: string; explanation: string; customer?: true }[] = [
  {
    key: "nationalIdentityNumbers",
    title: "National identity numbers",
    explanation: "11 digits, two MOD11 check digits; synthetic (month + 80), so none is a real person's.",
    customer: true,
  },
  { key: "dNumbers", title: "D-numbers", explanation: "As national identity numbers, with 40 added to the day.", customer: true },
  { key: "organisationNumbers", title: "Organisation numbers", explanation: "9 digits, a MOD11 check digit; a company customer.", customer: true },
  { key: "accountNumbers", title: "Account numbers", explanation: "11 digits at the sandbox bank (9710), a MOD11 check digit; no account uses them yet." },
  { key: "kidsMod10", title: "KIDs (MOD10)", explanation: "Payment references whose last digit is a MOD10 (Luhn) check." },
  { key: "kidsMod11", title: "KIDs (MOD11)", explanation: "Payment references whose last digit is a MOD11 check." },
];

export function IdentitiesView() {
  const queryClient = useQueryClient();
  // Not under the sandbox's keys: a change elsewhere must not swap the numbers a user is copying.
  const identities = useQuery({ queryKey: ["identities"], queryFn: () => sandboxControl("testIdentities"), staleTime: Infinity });
  const create = useMutation({
    mutationFn: ({ customerNumber, bban }: { customerNumber: string; bban: string }) => createCustomerWithAccount(customerNumber, bban),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: sandboxKeys.all });
      await queryClient.invalidateQueries({ queryKey: portalKeys.history() });
      // The account number is taken now: offer fresh ones.
      await identities.refetch();
    },
  });
  const outcome: IdentityOutcome | undefined = create.isError ? { ok: false, text: create.error.message } : create.data;
  const freeAccount = identities.data?.accountNumbers[0];

  return (
    <section aria-labelledby="identities-title">
      <h2 id="identities-title">Test identities</h2>
      <p>
        Valid Norwegian numbers with their check digits, made by the sandbox (<code>GET /__sandbox/identities</code>). Copy one into a form, or make a customer
        with an account from a person or company number: the signed <code>createSandboxAccount</code> (and, for a company, <code>createAgreement</code>) go
        through the history like a TPP&apos;s calls.
      </p>
      <button type="button" disabled={identities.isFetching} onClick={() => void identities.refetch()}>
        New numbers
      </button>
      <div aria-live="polite" className="data-outcome">
        {identities.isPending || create.isPending ? <p className="muted">Working…</p> : null}
        {outcome?.ok ? (
          <p className="panel panel-ok">
            {outcome.text} <RequestLink exchangeId={outcome.exchangeId} />{" "}
            {outcome.psuId ? <UseAsPsu psuId={outcome.psuId} name={outcome.customerName ?? ""} /> : null}
          </p>
        ) : null}
      </div>
      {outcome && !outcome.ok ? (
        <p role="alert" className="panel panel-error">
          {outcome.text} <RequestLink exchangeId={outcome.exchangeId} />
        </p>
      ) : null}
      {identities.isError ? (
        <p role="alert" className="panel panel-error">
          The sandbox did not make identities: {identities.error.message}
        </p>
      ) : null}
      <div className="data-grid">
        {kinds.map((kind) => (
          <section key={kind.key} className="panel" aria-labelledby={`identities-${kind.key}`}>
            <h3 id={`identities-${kind.key}`}>{kind.title}</h3>
            <p className="muted">{kind.explanation}</p>
            <ul className="identity-list">
              {(identities.data?.[kind.key] ?? []).map((value) => (
                <li key={value}>
                  <code>{value}</code> <CopyButton text={value} context={`${kind.title} ${value}`} />
                  {kind.customer && freeAccount ? (
                    <button
                      type="button"
                      className="button-small"
                      disabled={create.isPending}
                      onClick={() => {
                        create.mutate({ customerNumber: value, bban: freeAccount });
                      }}
                    >
                      Create customer with an account<span className="visually-hidden">: {value}</span>
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}
