/**
 * The simulated bank behind the scaRedirect link: the PSU sees what they are asked to approve,
 * approves or declines, and is sent back to the TPP's redirect URI with the outcome.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocation, useParams } from "wouter";
import { PageTitle } from "../../components/page-title";
import { sandboxKeys } from "../../lib/query-keys";
import { sandboxControl } from "../../lib/send";
import { formatBban } from "../../contract/account-numbers";
import type { ScaDecision, ScaPayment } from "../../contract/control-schemas";
import { displayAmount } from "../../contract/money";
import { formatOslo } from "../../contract/oslo-time";
import { isRedirectUri, redirectTargetName } from "../../contract/redirect-uri";

/**
 * After the decision the browser is on its way back to the TPP. An app's scheme (myapp://callback)
 * opens only where that app is installed, so the page keeps a link in case nothing opened.
 */
function Returned({ redirect, status }: { redirect: string; status: string }) {
  return (
    <p role="status" className="panel">
      Done: now {status}.{" "}
      {isRedirectUri(redirect) ? (
        <>
          Returning to <a href={redirect}>{redirectTargetName(redirect)}</a>; if nothing opens, no app on this device handles that address.
        </>
      ) : (
        "There is no address to return to that a browser may open."
      )}
    </p>
  );
}

/** An account as the server's bank page writes it: a BBAN in its groups (1234.56.78903), else the IBAN. */
const accountText = (account: ScaPayment["debtorAccount"]) => (account.bban ? formatBban(account.bban) : (account.iban ?? "—"));

function PaymentSummary({ payment }: { payment: ScaPayment }) {
  return (
    <dl className="facts bank-facts">
      <dt>Amount</dt>
      <dd className="amount">
        {displayAmount(payment.instructedAmount.amount, payment.instructedAmount.currency)} {payment.instructedAmount.currency}
      </dd>
      <dt>To</dt>
      <dd>
        {payment.creditorName ? (
          <>
            {payment.creditorName}
            <br />
          </>
        ) : null}
        {accountText(payment.creditorAccount)}
      </dd>
      <dt>From</dt>
      <dd>
        {payment.debtorAccount.name ? (
          <>
            {payment.debtorAccount.name}
            <br />
          </>
        ) : null}
        {accountText(payment.debtorAccount)}
      </dd>
      {payment.frequency ? (
        <>
          <dt>Repeats</dt>
          <dd>
            {payment.frequency}, from {payment.executionDate}
          </dd>
        </>
      ) : (
        <>
          <dt>Execution date</dt>
          <dd>{payment.executionDate}</dd>
        </>
      )}
      <dt>Payment ID</dt>
      <dd>
        <code>{payment.paymentId}</code>
      </dd>
      {payment.scenario ? (
        <>
          <dt>Sandbox scenario</dt>
          <dd className="forced-outcome">
            Forced: <code>{payment.scenario}</code>. The outcome is the scenario&apos;s, whatever you choose.
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** As the server's bank page titles a basket: "Approve 3 payments" once the count is known. */
const basketTitle = (count: number | undefined) => (count === undefined ? "Approve payments" : `Approve ${String(count)} payment${count === 1 ? "" : "s"}`);

export default function BankPage() {
  const { subject, id } = useParams<{ subject: string; id: string }>();
  const kind = subject === "basket" ? "basket" : "payment";
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const request = useQuery({
    queryKey: sandboxKeys.sca(kind, id),
    queryFn: () => sandboxControl("scaRequest", { params: { subject: kind, id } }),
    retry: false,
  });
  const decide = useMutation({
    mutationFn: (decision: ScaDecision) => sandboxControl("scaDecision", { params: { subject: kind, id }, body: { decision } }),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: sandboxKeys.all });
      // Checked again: an imported sandbox may hold a URI the header would have refused (javascript:, data:).
      if (!isRedirectUri(result.redirect)) return;
      // The portal's own callback opens inside the portal, which takes the focus to its main landmark (a page load would leave it on <body>).
      const target = new URL(result.redirect, location.href);
      if (target.origin === location.origin) navigate(`${target.pathname}${target.search}${target.hash}`);
      else window.location.assign(result.redirect);
    },
  });
  return (
    <section className="page bank">
      <div className="bank-card">
        <p className="bank-brand" aria-hidden="true">
          Sandbox Bank
        </p>
        <PageTitle title="Approve payment">{kind === "basket" ? basketTitle(request.data?.payments.length) : "Approve payment"}</PageTitle>
        {request.isPending ? <p className="muted">Loading what you are asked to approve…</p> : null}
        {request.isError ? (
          <p role="alert" className="panel panel-error">
            {request.error.message}
          </p>
        ) : null}
        {request.data ? (
          <>
            <p>
              {request.data.payments[0]?.psuName ? `Signed in as ${request.data.payments[0].psuName}. ` : ""}A third-party provider{" "}
              {request.data.transactionStatus === "RCVD" ? "asks" : "asked"} you to approve{" "}
              {request.data.payments.length === 1 ? "this payment" : `these ${String(request.data.payments.length)} payments`}.
            </p>
            {request.data.payments.map((payment) => (
              <PaymentSummary key={payment.paymentId} payment={payment} />
            ))}
            {request.data.transactionStatus !== "RCVD" ? (
              <p role="alert" className="notice">
                This {kind} is {request.data.transactionStatus}: it no longer awaits your approval.{" "}
                {request.data.statusReason ? <span className="status-reason">{request.data.statusReason}</span> : null}
              </p>
            ) : (
              // Role and name are the bank page's contract with TPPs' tests (docs/playwright-helpers.md).
              <div className="form-actions" role="group" aria-label="Your decision">
                <button
                  type="button"
                  className="button-primary"
                  disabled={decide.isPending}
                  onClick={() => {
                    decide.mutate("approve");
                  }}
                >
                  Approve
                </button>
                <button
                  type="button"
                  disabled={decide.isPending}
                  onClick={() => {
                    decide.mutate("decline");
                  }}
                >
                  Decline
                </button>
              </div>
            )}
            {decide.isError ? (
              <p role="alert" className="panel panel-error">
                {decide.error.message}
              </p>
            ) : null}
            {decide.data ? <Returned redirect={decide.data.redirect} status={decide.data.transactionStatus} /> : null}
            {request.data.transactionStatus === "RCVD" ? (
              <p className="muted">
                Approve or decline by {formatOslo(request.data.scaExpiresAt)} (Oslo, sandbox clock); after that the {kind} expires (RJCT).
              </p>
            ) : null}
            {request.data.transactionStatus === "RCVD" ? (
              <p className="muted">You will return to {request.data.redirectUri}.</p>
            ) : isRedirectUri(request.data.redirectUri) ? (
              <p>
                <a href={request.data.redirectUri}>Back to {request.data.redirectUri}</a>
              </p>
            ) : null}
          </>
        ) : null}
      </div>
    </section>
  );
}
