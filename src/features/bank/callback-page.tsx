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
  });
  const statusOperation = payment.data?.product === "periodic" ? "getPeriodicPaymentStatus" : "getPaymentStatus";
  return (
    <section className="page">
      <PageTitle title="Back from the bank">Back from the bank</PageTitle>
      <p role="status" className={`panel ${ok ? "panel-ok" : "panel-error"}`}>
        {ok ? "The PSU approved with SCA." : "The PSU declined: the payment is rejected (RJCT)."}
      </p>
      <p>This page is the portal's TPP-Redirect-URI. A TPP's own page would now read the status:</p>
      <p className="form-actions">
        {paymentId ? (
          <Link className="button button-primary" href={`/try/${statusOperation}?paymentId=${encodeURIComponent(paymentId)}`}>
            Get the payment status
          </Link>
        ) : null}
        {basketId ? <Link className="button button-primary" href={`/try/getSigningBasketStatus?basketId=${encodeURIComponent(basketId)}`}>Get the basket status</Link> : null}
        <Link className="button" href="/sandbox">Open the sandbox explorer</Link>
      </p>
    </section>
  );
}
