/** One sandbox account: numbers, product, balances by type, credit line, and where to go next. */
import { Link } from "wouter";
import type { Customer, ExplorerAccount } from "../../contract/control-schemas";
import { formatMajor } from "../../contract/money";
import { countOf } from "../../lib/words";

const balanceNames: Record<string, string> = {
  closingBooked: "Closing booked",
  expected: "Expected",
  openingBooked: "Opening booked",
  interimAvailable: "Interim available",
  interimBooked: "Interim booked",
  forwardAvailable: "Forward available",
  nonInvoiced: "Non-invoiced",
};

export function AccountCard({ account, owner }: { account: ExplorerAccount; owner: Customer | undefined }) {
  const id = encodeURIComponent(account.resourceId);
  const titleId = `account-${account.resourceId}`;
  const needsAgreement = owner?.kind === "corporate" && !account.inAgreement;
  return (
    <article className="account-card" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {account.accountName} <span className="muted account-id">{account.resourceId}</span>
      </h3>
      <dl className="facts">
        <div>
          <dt>Owner</dt>
          <dd>
            {owner ? owner.name : "Unknown customer"} <code>{account.customerNumber}</code>
          </dd>
        </div>
        <div>
          <dt>Account number</dt>
          <dd>
            <code>{account.bban}</code>
          </dd>
        </div>
        <div>
          <dt>IBAN</dt>
          <dd>
            <code>{account.iban}</code>
          </dd>
        </div>
        <div>
          <dt>Product</dt>
          <dd>
            {account.product ?? "—"} · {account.cashAccountType ?? "no cash account type"} · {account.currency}
          </dd>
        </div>
        <div>
          <dt>Balances</dt>
          <dd>
            <ul className="balances">
              {account.balances.map((balance) => (
                <li key={balance.balanceType}>
                  <span className="muted">{balanceNames[balance.balanceType] ?? balance.balanceType}</span>{" "}
                  <span className="amount">
                    {formatMajor(balance.balanceAmount.amount, balance.balanceAmount.currency)} {balance.balanceAmount.currency}
                  </span>
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt>Credit line</dt>
          <dd className="amount">
            {formatMajor(account.creditLine, account.currency)} {account.currency}
          </dd>
        </div>
        <div>
          <dt>KID required</dt>
          <dd>{account.kidRequired ? "Yes: incoming payments must carry a KID" : "No"}</dd>
        </div>
        <div>
          <dt>Agreement</dt>
          <dd>{account.inAgreement ? "In the agreement and the account list" : "Not in the agreement: cannot be a debtor"}</dd>
        </div>
      </dl>
      <p className="account-links">
        <Link href={`/sandbox/transactions?account=${id}`}>
          {countOf(account.transactionCount, "transaction")}
          <span className="visually-hidden">
            {" "}
            of {account.accountName} {account.bban}
          </span>
        </Link>
        <Link href={`/try/createSandboxTransaction?mockAccountId=${id}`}>
          Add a transaction<span className="visually-hidden"> to {account.bban}</span>
        </Link>
        <Link href={`/try/updateSandboxBalances?mockAccountId=${id}`}>
          Update balances<span className="visually-hidden"> of {account.bban}</span>
        </Link>
        {needsAgreement ? (
          <Link href="/try/createAgreement">
            Add to the agreement<span className="visually-hidden"> of {owner.name}</span>
          </Link>
        ) : null}
      </p>
    </article>
  );
}
