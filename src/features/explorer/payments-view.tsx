/** "Payments": every payment the sandbox holds, newest first, with status and timeline. */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useSearch } from "wouter";
import { ChoiceNote } from "../../components/sandbox-choice";
import { statusTransitionsChoice } from "../../contract/sandbox-choices";
import { accountsQuery } from "../../lib/sandbox-queries";
import { PAYMENT_LIMIT, paymentsQuery } from "./explorer-queries";
import { PaymentCard } from "./payment-card";
import { statusMeaning } from "./payment-status";

const STATUSES = ["RCVD", "ACTC", "PDNG", "ACSC", "RJCT", "CANC"];

export function PaymentsView() {
  const payments = useQuery(paymentsQuery());
  const accounts = useQuery(accountsQuery());
  const chosen = new URLSearchParams(useSearch()).get("payment") ?? "";
  const [status, setStatus] = useState("");
  const list = (payments.data ?? []).filter((payment) => status === "" || payment.transactionStatus === status);
  const found = payments.data?.some((payment) => payment.paymentId === chosen) ?? false;

  useEffect(() => {
    if (!found) return;
    const card = document.getElementById("chosen-payment");
    card?.scrollIntoView({ block: "center" });
    card?.focus({ preventScroll: true });
  }, [found, chosen]);

  return (
    <section aria-labelledby="payments-title">
      <h2 id="payments-title">Payments</h2>
      <p className="muted">
        The latest {PAYMENT_LIMIT} payments, newest first. Create one from the console: <Link href="/try/createPayment">single</Link> or{" "}
        <Link href="/try/createPeriodicPayment">periodic</Link>.
        <ChoiceNote choice={statusTransitionsChoice} />
      </p>
      <div className="field">
        <label htmlFor="payment-status-filter">Show</label>
        <select
          id="payment-status-filter"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value);
          }}
        >
          <option value="">All statuses</option>
          {STATUSES.map((code) => (
            <option key={code} value={code}>
              {code}: {statusMeaning(code)}
            </option>
          ))}
        </select>
      </div>
      {payments.isError ? (
        <p role="alert" className="panel panel-error">
          The payments could not be read: {payments.error.message}
        </p>
      ) : null}
      {payments.isPending ? (
        <div className="payment-card skeleton-card" aria-busy="true" />
      ) : list.length === 0 ? (
        <p className="notice">
          {status ? `No payment is ${status}.` : "No payments yet. Initiate one in the console, approve it at the bank page, then run the batch."}
        </p>
      ) : (
        <div className="payment-list">
          {list.map((payment) => (
            <PaymentCard key={payment.paymentId} payment={payment} accounts={accounts.data ?? []} highlighted={payment.paymentId === chosen} />
          ))}
        </div>
      )}
    </section>
  );
}
