/**
 * "Transactions": one account's list through the signed interface operation, filtered by dates,
 * paged by following the Link header's URLs exactly as the sandbox wrote them.
 */
import { useQuery } from "@tanstack/react-query";
import { useLocation, useSearch } from "wouter";
import { accountsQuery } from "../../lib/sandbox-queries";
import { countOf } from "../../lib/words";
import { AccountTransactions } from "./account-transactions";

export function TransactionsView() {
  const accounts = useQuery(accountsQuery());
  const search = useSearch();
  const [, navigate] = useLocation();
  const list = accounts.data ?? [];
  const requested = new URLSearchParams(search).get("account") ?? "";
  const chosen = list.find((account) => account.resourceId === requested) ?? (requested === "" ? list[0] : undefined);
  return (
    <section aria-labelledby="transactions-title">
      <h2 id="transactions-title">Transactions</h2>
      <div className="field">
        <label htmlFor="transactions-account">Account</label>
        <select
          id="transactions-account"
          value={chosen?.resourceId ?? requested}
          disabled={list.length === 0}
          onChange={(event) => {
            navigate(`/sandbox/transactions?account=${encodeURIComponent(event.target.value)}`, { replace: true });
          }}
        >
          {chosen || requested === "" ? null : <option value={requested}>{requested} (not in this sandbox)</option>}
          {list.map((account) => (
            <option key={account.resourceId} value={account.resourceId}>
              {account.accountName} · {account.bban} · {countOf(account.transactionCount, "transaction")} ({account.resourceId})
            </option>
          ))}
        </select>
      </div>
      {accounts.isError ? (
        <p role="alert" className="panel panel-error">
          The accounts could not be read: {accounts.error.message}
        </p>
      ) : null}
      {accounts.isSuccess && list.length === 0 ? <p className="notice">No accounts: the sandbox is empty. Initialize it on the Data tab.</p> : null}
      {accounts.isSuccess && requested !== "" && !chosen ? (
        <p role="alert" className="notice">
          There is no account {requested} in this sandbox. Choose one above.
        </p>
      ) : null}
      {chosen ? <AccountTransactions key={chosen.resourceId} account={chosen} /> : null}
    </section>
  );
}
