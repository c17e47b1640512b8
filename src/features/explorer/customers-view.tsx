/** "Customers & accounts": who is in the sandbox, what they own, and what their agreements allow. */
import { useQuery } from "@tanstack/react-query";
import { accountsQuery, customersQuery } from "../../lib/sandbox-queries";
import { AccountCard } from "./account-card";
import { AgreementsTable } from "./agreements-table";
import { CustomersTable } from "./customers-table";
import { agreementsQuery } from "./explorer-queries";

export function CustomersView() {
  const customers = useQuery(customersQuery());
  const accounts = useQuery(accountsQuery());
  const agreements = useQuery(agreementsQuery());
  const error = customers.error ?? accounts.error ?? agreements.error;
  const customerList = customers.data ?? [];
  const accountList = accounts.data ?? [];
  return (
    <section aria-labelledby="customers-title">
      <h2 id="customers-title">Customers &amp; accounts</h2>
      {error ? (
        <p role="alert" className="panel panel-error">
          The sandbox data could not be read: {error.message}
        </p>
      ) : null}
      <CustomersTable customers={customerList} accounts={accountList} loading={customers.isPending} />
      <h2 id="accounts-title">Accounts</h2>
      {accounts.isPending ? (
        <div className="account-grid" aria-busy="true">
          <div className="account-card skeleton-card" />
          <div className="account-card skeleton-card" />
        </div>
      ) : accountList.length === 0 ? (
        <p className="muted">No accounts.</p>
      ) : (
        <div className="account-grid">
          {accountList.map((account) => (
            <AccountCard
              key={account.resourceId}
              account={account}
              owner={customerList.find((customer) => customer.customerNumber === account.customerNumber)}
            />
          ))}
        </div>
      )}
      <h2>Agreements</h2>
      <AgreementsTable agreements={agreements.data ?? []} customers={customerList} accounts={accountList} />
    </section>
  );
}
