/** Rows of one transaction page; amounts are int32 minor units (docs/decisions/0005). */
import { ScrollBox } from "../../components/scroll-box";
import type { SandboxTransaction } from "../../contract/sandbox";
import { formatMinor } from "../../contract/money";

function Counterparty({ transaction }: { transaction: SandboxTransaction }) {
  const outgoing = transaction.amount < 0;
  const name = outgoing ? transaction.creditorName : transaction.debtorName;
  const account = outgoing ? transaction.creditorAccount : transaction.debtorAccount;
  return (
    <>
      <span className="muted">{outgoing ? "to " : "from "}</span>
      {name || "—"} <code className="muted">{account.bban || account.iban}</code>
    </>
  );
}

export function TransactionsTable({ rows, skeletonRows, caption, busy }: { rows: SandboxTransaction[]; skeletonRows: number; caption: string; busy: boolean }) {
  return (
    <ScrollBox label={caption}>
      <table className="transactions-table" aria-busy={busy}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Booking date</th>
            <th scope="col">Value date</th>
            <th scope="col" className="numeric">
              Amount
            </th>
            <th scope="col">Counterparty</th>
            <th scope="col">Remittance information</th>
            <th scope="col">Bank transaction code</th>
          </tr>
        </thead>
        <tbody>
          {skeletonRows > 0
            ? Array.from({ length: skeletonRows }, (_, row) => (
                <tr key={row} className="skeleton-row" aria-hidden="true">
                  <td colSpan={6}>&nbsp;</td>
                </tr>
              ))
            : rows.map((transaction) => (
                <tr key={transaction.id}>
                  <th scope="row">{transaction.bookingDate}</th>
                  <td className="date">{transaction.valueDate}</td>
                  <td className={`numeric amount ${transaction.amount < 0 ? "debit" : "credit"}`}>
                    {transaction.amount > 0 ? "+" : ""}
                    {formatMinor(transaction.amount, transaction.currency)} {transaction.currency}
                  </td>
                  <td>
                    <Counterparty transaction={transaction} />
                  </td>
                  <td>{transaction.remittanceInformationUnstructured || <span className="muted">—</span>}</td>
                  <td>
                    <code>{transaction.bankTransactionCode}</code>
                  </td>
                </tr>
              ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
