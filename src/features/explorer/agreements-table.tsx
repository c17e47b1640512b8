/** Each customer's agreement: the accounts the PSU may pay from and sees in the account list. */
import { ScrollBox } from "../../components/scroll-box";
import type { Agreement, Customer, ExplorerAccount } from "../../contract/control-schemas";

export function AgreementsTable({ agreements, customers, accounts }: { agreements: Agreement[]; customers: Customer[]; accounts: ExplorerAccount[] }) {
  return (
    <ScrollBox label="Agreements">
      <table>
        <caption>Agreements: customer → accounts in the agreement</caption>
        <thead>
          <tr>
            <th scope="col">Agreement</th>
            <th scope="col">Customer</th>
            <th scope="col">Accounts</th>
          </tr>
        </thead>
        <tbody>
          {agreements.map((agreement) => {
            const customer = customers.find((candidate) => candidate.customerNumber === agreement.customerNumber);
            return (
              <tr key={agreement.agreementId}>
                <th scope="row">
                  <code>{agreement.agreementId}</code>
                </th>
                <td>
                  {customer?.name ?? "Unknown customer"} <code>{agreement.customerNumber}</code>
                  {customer ? <span className="tag">{customer.kind}</span> : null}
                </td>
                <td>
                  {agreement.accountIds.length === 0 ? (
                    <span className="muted">none</span>
                  ) : (
                    <ul className="plain-list">
                      {agreement.accountIds.map((accountId) => {
                        const account = accounts.find((candidate) => candidate.resourceId === accountId);
                        return (
                          <li key={accountId}>
                            {account ? `${account.accountName} ` : ""}
                            <code>{account?.bban ?? accountId}</code>
                          </li>
                        );
                      })}
                    </ul>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {agreements.length === 0 ? <p className="muted">No agreements.</p> : null}
    </ScrollBox>
  );
}
