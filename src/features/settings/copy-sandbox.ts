/** Copying a whole sandbox between this browser and a server: its export, imported on the other side. */
import { PAYMENT_LIST_LIMIT } from "../../contract/control-schemas";
import { sandboxControl } from "../../lib/send";
import { sandboxName, type SandboxChoice } from "../../lib/settings";
import { countOf } from "../../lib/words";

export interface Holdings {
  customers: number;
  accounts: number;
  transactions: number;
  payments: number;
}

/** The payments the list route gives at most (the contract's limit); more are written as "1000 or more". */
const PAYMENTS_COUNTED = PAYMENT_LIST_LIMIT.max;

/** What a sandbox holds, for the question asked before it is replaced. */
export async function holdingsOf(sandbox: SandboxChoice): Promise<Holdings> {
  const [customers, accounts, payments] = await Promise.all([
    sandboxControl("sandboxCustomers", { sandbox }),
    sandboxControl("sandboxAccounts", { sandbox }),
    sandboxControl("sandboxPayments", { sandbox, query: { limit: String(PAYMENTS_COUNTED) } }),
  ]);
  return {
    customers: customers.length,
    accounts: accounts.length,
    transactions: accounts.reduce((sum, account) => sum + account.transactionCount, 0),
    payments: payments.length,
  };
}

const count = countOf;

export const describeHoldings = (holdings: Holdings) =>
  `${count(holdings.customers, "customer")}, ${count(holdings.accounts, "account")} with ${count(holdings.transactions, "transaction")}, ${holdings.payments >= PAYMENTS_COUNTED ? `${String(PAYMENTS_COUNTED)} payments or more` : count(holdings.payments, "payment")}`;

/** Replaces everything `to` holds, its clock included, with what `from` holds. */
export async function copySandbox(from: SandboxChoice, to: SandboxChoice): Promise<string> {
  const exported = await sandboxControl("exportSandbox", { sandbox: from });
  await sandboxControl("importSandbox", { body: exported, sandbox: to, inPage: true });
  const records = (name: string) => exported.stores[name]?.length ?? 0;
  return `Copied ${sandboxName(from)}’s sandbox to ${sandboxName(to)}: ${count(records("customers"), "customer")}, ${count(records("accounts"), "account")}, ${count(records("payments"), "payment")}, its clock included.`;
}
