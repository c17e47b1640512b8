/** Where the portal's TPP-Redirect-URI lands after the bank: the outcome of SCA and the next step. */
import { useQuery } from "@tanstack/react-query";
import { Link, useSearch } from "wouter";
import { PageTitle } from "../../components/page-title";
import { sandboxKeys } from "../../lib/query-keys";
import { sandboxControl } from "../../lib/send";

export default function CallbackPage() {
  const search = new URLSearchParams(useSearch());
  const paymentId = search.get("paymentId");
  const basketId = search.get("basketId");
  const ok = search.get("scaResult") === "ok";
  const payment = useQuery({
    queryKey: sandboxKeys.payment(paymentId ?? ""),
    queryFn: () => sandboxControl("sandboxPayment", { params: { paymentId: paymentId ?? "" } }),
    enabled: paymentId !== null,
    retry: false,
  });
  const basket = useQuery({
    queryKey: sandboxKeys.sca("basket", basketId ?? ""),
    queryFn: () => sandboxControl("scaRequest", { params: { subject: "basket", id: basketId ?? "" } }),
    enabled: paymentId === null && basketId !== null,
    retry: false,
  });
  // The outcome is only told for something this sandbox holds: an address typed by hand, or kept
  // from before a reset, names nothing that was approved or declined.
  const subject =
    paymentId !== null ? { kind: "payment", id: paymentId, lookup: payment } : basketId !== null ? { kind: "basket", id: basketId, lookup: basket } : undefined;
  const found = subject?.lookup.isSuccess === true;
  const statusOperation = payment.data?.product === "periodic" ? "getPeriodicPaymentStatus" : "getPaymentStatus";
  return (
    <section className="page">
      <PageTitle title="Back from the bank">Back from the bank</PageTitle>
      {subject === undefined ? (
        <p role="alert" className="panel panel-error">
          This address names no payment or basket (no paymentId or basketId in it), so there is no outcome to show. The bank page sends you here with one.
        </p>
      ) : subject.lookup.isPending ? (
        <p role="status" className="muted">
          Looking up the {subject.kind} in the sandbox…
        </p>
      ) : subject.lookup.isError ? (
        <p role="alert" className="panel panel-error">
          There is no {subject.kind} <code>{subject.id}</code> in this sandbox ({subject.lookup.error.message}): this address was not reached from its bank
          page, or the sandbox was reset since. Nothing was approved or declined.
        </p>
      ) : (
        <p role="status" className={`panel ${ok ? "panel-ok" : "panel-error"}`}>
          {ok ? "The PSU approved with SCA." : `The PSU declined: the ${subject.kind} is rejected (RJCT).`}
        </p>
      )}
      <p>This page is the portal's TPP-Redirect-URI. A TPP's own page would now read the status:</p>
      <p className="form-actions">
        {paymentId && found ? (
          <Link className="button button-primary" href={`/try/${statusOperation}?paymentId=${encodeURIComponent(paymentId)}`}>
            Get the payment status
          </Link>
        ) : null}
        {basketId && found ? (
          <Link className="button button-primary" href={`/try/getSigningBasketStatus?basketId=${encodeURIComponent(basketId)}`}>
            Get the basket status
          </Link>
        ) : null}
        <Link className="button" href="/sandbox">
          Open the sandbox explorer
        </Link>
      </p>
    </section>
  );
}
