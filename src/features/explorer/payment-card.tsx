/** One payment: amount, parties, status with its meaning and history, and where to act on it. */
import { Link } from "wouter";
import type { ExplorerAccount, ExplorerPayment } from "../../contract/control-schemas";
import { isCancellable } from "../../contract/codes";
import { displayAmount } from "../../contract/money";
import { statusMeaning, statusTone } from "./payment-status";
import { StatusTimeline } from "./status-timeline";
import { LifecycleDiagram } from "../../components/lifecycle-diagram";
import { ForcedOutcome } from "./forced-outcome";

const accountText = (reference: ExplorerPayment["request"]["creditorAccount"]) => reference.bban ?? reference.iban ?? "—";

function Schedule({ payment }: { payment: ExplorerPayment }) {
  if (payment.product === "single")
    return (
      <div>
        <dt>Execution date</dt>
        <dd>
          {payment.executionDate}
          {payment.request.requestedExecutionDate ? <span className="muted"> (requested)</span> : <span className="muted"> (as soon as possible)</span>}
        </dd>
      </div>
    );
  const request = payment.request;
  return (
    <>
      <div>
        <dt>Schedule</dt>
        <dd>
          {request.frequency}
          {request.dayOfExecution ? `, day ${request.dayOfExecution}` : ""}
          {request.monthsOfExecution ? `, months ${request.monthsOfExecution.join(", ")}` : ""}
          {request.executionRule ? ` (${request.executionRule})` : ""}, from {request.startDate}
          {request.endDate ? ` to ${request.endDate}` : ", no end date"}
        </dd>
      </div>
      <div>
        <dt>Next execution dates</dt>
        <dd>
          {payment.nextExecutionDates && payment.nextExecutionDates.length > 0 ? (
            <ul className="date-list">
              {payment.nextExecutionDates.map((date) => (
                <li key={date}>
                  <time dateTime={date}>{date}</time>
                </li>
              ))}
            </ul>
          ) : (
            <span className="muted">none ahead</span>
          )}
          <span className="field-hint">Periodic payments are shown, not booked, by this sandbox.</span>
        </dd>
      </div>
    </>
  );
}

export function PaymentCard({ payment, accounts, highlighted }: { payment: ExplorerPayment; accounts: ExplorerAccount[]; highlighted: boolean }) {
  const request = payment.request;
  const debtor = accounts.find((account) => account.resourceId === payment.debtorAccountId);
  const id = encodeURIComponent(payment.paymentId);
  const periodic = payment.product === "periodic";
  const titleId = `payment-${payment.paymentId}`;
  const status = payment.transactionStatus;
  return (
    <article
      className={`payment-card${highlighted ? " highlighted" : ""}`}
      aria-labelledby={titleId}
      id={highlighted ? "chosen-payment" : undefined}
      tabIndex={highlighted ? -1 : undefined}
    >
      <header className="payment-head">
        <h3 id={titleId}>
          <span className="amount">
            {displayAmount(request.instructedAmount.amount, request.instructedAmount.currency)} {request.instructedAmount.currency}
          </span>{" "}
          to {request.creditorName}
        </h3>
        <span className="tag">{periodic ? "periodic" : "single"}</span>
        <span className={`status-badge tone-${statusTone(status)}`}>{status}</span>
      </header>
      <p className="status-meaning">{statusMeaning(status, payment)}</p>
      <ForcedOutcome payment={payment} />
      <dl className="facts">
        <div>
          <dt>Payment ID</dt>
          <dd>
            <code>{payment.paymentId}</code>
            {payment.basketId ? (
              <span className="muted">
                {" "}
                in basket <code>{payment.basketId}</code>
              </span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>From → to</dt>
          <dd>
            {debtor ? `${debtor.accountName} ` : ""}
            <code>{accountText(request.debtorAccount)}</code> → {request.creditorName} <code>{accountText(request.creditorAccount)}</code>
          </dd>
        </div>
        {request.remittanceInformationUnstructured ? (
          <div>
            <dt>Message</dt>
            <dd>{request.remittanceInformationUnstructured}</dd>
          </div>
        ) : null}
        <Schedule payment={payment} />
      </dl>
      <h4 className="timeline-title">Status timeline</h4>
      <StatusTimeline history={payment.statusHistory} label={`Status timeline of payment ${payment.paymentId}`} product={payment.product} />
      {/* Closed but for the chosen payment: a diagram on every card would make the list hard to scan. */}
      <details className="payment-lifecycle" open={highlighted || undefined}>
        <summary>Lifecycle: where this payment is now ({status})</summary>
        <LifecycleDiagram current={status} label={`Lifecycle of payment ${payment.paymentId}`} />
      </details>
      <p className="payment-actions">
        {status === "RCVD" ? (
          <Link className="button button-small button-primary" href={`/bank/authorize/payment/${id}`}>
            Open the bank page (SCA)
          </Link>
        ) : null}
        <Link href={`/try/${periodic ? "getPeriodicPaymentStatus" : "getPaymentStatus"}?paymentId=${id}`}>Get status in the console</Link>
        <Link href={`/try/${periodic ? "deletePeriodicPayment" : "deletePayment"}?paymentId=${id}`}>
          Delete in the console{isCancellable(status) ? "" : " (will be refused)"}
        </Link>
      </p>
    </article>
  );
}
