/** Customers of the sandbox, with their PSU-IDs ready to copy or to use in the console's forms. */
import { CopyButton } from "../../components/copy-button";
import type { Customer, ExplorerAccount } from "../../contract/control-schemas";
import { updateSettings, useSettings } from "../../lib/settings";

export function CustomersTable({ customers, accounts, loading }: { customers: Customer[]; accounts: ExplorerAccount[]; loading: boolean }) {
  const settings = useSettings();
  return (
    <div className="table-scroll">
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
                const current = settings.psuId === customer.psuId;
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
                        {current ? (
                          <span className="tag">PSU in forms</span>
                        ) : (
                          <button type="button" className="button-small" onClick={() => updateSettings({ psuId: customer.psuId })}>
                            Use as PSU in forms<span className="visually-hidden">: {customer.name}</span>
                          </button>
                        )}
                      </div>
                    </td>
                    <td>{accounts.filter((account) => account.customerNumber === customer.customerNumber).length}</td>
                  </tr>
                );
              })}
        </tbody>
      </table>
      {!loading && customers.length === 0 ? <p className="notice">No customers: the sandbox is empty. Initialize it on the Data tab.</p> : null}
    </div>
  );
}
