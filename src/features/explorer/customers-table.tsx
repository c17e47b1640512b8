/** Customers of the sandbox, with their PSU-IDs ready to copy or to use in the console's forms. */
import { ScrollBox } from "../../components/scroll-box";
import { CopyButton } from "../../components/copy-button";
import type { Customer, ExplorerAccount } from "../../contract/control-schemas";
import { UseAsPsu } from "./use-as-psu";

export function CustomersTable({ customers, accounts, loading }: { customers: Customer[]; accounts: ExplorerAccount[]; loading: boolean }) {
  return (
    <ScrollBox label="Customers">
      <table className="customers-table">
        <caption>Customers: private customers by national identity number, companies by organisation number</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Kind</th>
            <th scope="col">Customer number</th>
            <th scope="col">PSU-ID</th>
            <th scope="col">Accounts</th>
          </tr>
        </thead>
        <tbody>
          {loading
            ? [0, 1, 2, 3, 4].map((row) => (
                <tr key={row} className="skeleton-row" aria-hidden="true">
                  <td colSpan={5}>&nbsp;</td>
                </tr>
              ))
            : customers.map((customer) => {
                return (
                  <tr key={customer.customerNumber}>
                    <th scope="row">{customer.name}</th>
                    <td>{customer.kind === "corporate" ? "Corporate" : "Private"}</td>
                    <td>
                      <code>{customer.customerNumber}</code>
                    </td>
                    <td>
                      <div className="psu-cell">
                        <code className="psu-id">{customer.psuId}</code>
                        <CopyButton text={customer.psuId} label="Copy PSU-ID" context={`of ${customer.name}`} />
                        <UseAsPsu psuId={customer.psuId} name={customer.name} />
                      </div>
                    </td>
                    <td>{accounts.filter((account) => account.customerNumber === customer.customerNumber).length}</td>
                  </tr>
                );
              })}
        </tbody>
      </table>
      {!loading && customers.length === 0 ? <p className="notice">No customers: the sandbox is empty. Initialize it on the Data tab.</p> : null}
    </ScrollBox>
  );
}
