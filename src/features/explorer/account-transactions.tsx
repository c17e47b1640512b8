/** One account's transaction pages: filters, the table, the pager, and the request behind them. */
import { useState } from "react";
import { Link } from "wouter";
import type { ExplorerAccount } from "../../contract/control-schemas";
import { useTransactionPage } from "./explorer-queries";
import { queryOfLink } from "./link-header";
import { firstPageQuery, TransactionFilters, type Filters } from "./transaction-filters";
import { pagePosition } from "./transaction-page";
import { TransactionsTable } from "./transactions-table";

const INITIAL: Filters = { fromDate: "", toDate: "", limit: "25" };
const pagerLinks = [
  ["first", "First page"],
  ["prev", "Previous page"],
  ["next", "Next page"],
  ["last", "Last page"],
] as const;

export function AccountTransactions({ account }: { account: ExplorerAccount }) {
  const [query, setQuery] = useState<Record<string, string>>(() => firstPageQuery(INITIAL));
  const result = useTransactionPage(account.resourceId, query, account.transactionCount);
  const page = result.data;
  const rows = page?.ok ? page.rows : [];
  const position = pagePosition(query, page?.ok ? page.total : undefined, rows.length);
  const consoleQuery = new URLSearchParams({ mockAccountId: account.resourceId, ...query }).toString();
  const skeletonRows = result.isPending ? Math.min(position.limit, 10) : 0;
  const summary = !page
    ? result.isError
      ? "No transactions shown."
      : "Loading transactions…"
    : !page.ok
      ? "The sandbox refused this request."
      : page.total === 0 || rows.length === 0
        ? `No transactions${page.total ? ` on this page (of ${String(page.total)})` : ""}.`
        : `Page ${String(position.page)}${position.pages ? ` of ${String(position.pages)}` : ""}: transactions ${String(position.first)}–${String(position.last)}${page.total === undefined ? "" : ` of ${String(page.total)}`}.`;
  return (
    <>
      <TransactionFilters
        initial={INITIAL}
        busy={result.isFetching}
        onApply={(filters) => {
          setQuery(firstPageQuery(filters));
        }}
      />
      {result.isError ? (
        <p role="alert" className="panel panel-error">
          The request could not be sent: {result.error.message}
        </p>
      ) : null}
      {page && !page.ok ? (
        <p role="alert" className="panel panel-error">
          {page.message}
        </p>
      ) : null}
      <div className="pager-bar">
        <p className="page-summary" role="status" data-testid="page-summary">
          {summary}
          {result.isFetching && page ? <span className="muted"> Updating…</span> : null}
        </p>
        <nav aria-label="Transaction pages" className="pager">
          {pagerLinks.map(([rel, label]) => {
            const target = page?.ok ? page.links[rel] : undefined;
            return (
              <button
                key={rel}
                type="button"
                className="button-small"
                disabled={!target || result.isFetching}
                onClick={() => {
                  if (target) setQuery(queryOfLink(target, location.origin));
                }}
              >
                {label}
              </button>
            );
          })}
        </nav>
      </div>
      <TransactionsTable
        rows={rows}
        skeletonRows={skeletonRows}
        busy={result.isFetching}
        caption={`Transactions of ${account.accountName} (${account.bban}), newest first; amounts in ${account.currency}`}
      />
      <p className="request-links">
        {page ? (
          <Link href={`/history/${page.exchange.id}`}>
            This request in the history{" "}
            <span className="muted">(GET …/transactions{Object.keys(query).length ? `?${new URLSearchParams(query).toString()}` : ""})</span>
          </Link>
        ) : null}
        <Link href={`/try/listSandboxTransactions?${consoleQuery}`}>Send it from the console</Link>
      </p>
    </>
  );
}
