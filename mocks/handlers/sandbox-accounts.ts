/** Sandbox data: accounts (spec 4.3), balances, agreements, contact e-mail. */
import { bbanOf } from "../../src/contract/account-numbers";
import { hrefOf } from "../../src/contract/paths";
import { customerKindOf } from "../../src/contract/identifiers";
import { newAccount, presentAccount, sandboxAccountNumber } from "../domain/accounts";
import { newCustomer } from "../domain/customers";
import { answer, failure } from "../env/answer";
import type { WriteTx } from "../store/port";
import type { AccountRecord, AgreementRecord } from "../store/records";
import { timeIn } from "../env/sandbox-time";
import type { SandboxEnv } from "../env/sandbox-env";
import type { Handler } from "./types";

/** The next free number of this sandbox's range (decision 0058); past its serials, the caller names the account itself. */
async function freeAccountNumber(tx: WriteTx, range: SandboxEnv["accountSerials"]): Promise<string | undefined> {
  const taken = (await tx.accounts()).length;
  const size = range.last - range.first + 1;
  for (let step = 0; step < size; step++) {
    const bban = sandboxAccountNumber(range.first + ((taken + step) % size));
    if (bban && !(await tx.accountByBban(bban))) return bban;
  }
  return undefined;
}

/** Adds accounts to a customer's agreement, creating the agreement on first use. */
async function joinAgreement(tx: WriteTx, env: SandboxEnv, customerNumber: string, accounts: AccountRecord[]): Promise<AgreementRecord> {
  const existing = await tx.agreement(customerNumber);
  const agreement: AgreementRecord = existing ?? { agreementId: env.newId(), customerNumber, accountIds: [] };
  const accountIds = [...new Set([...agreement.accountIds, ...accounts.map((account) => account.resourceId)])];
  const updated = { ...agreement, accountIds };
  await tx.putAgreement(updated);
  for (const account of accounts) await tx.putAccount({ ...account, inAgreement: true });
  return updated;
}

export const createSandboxAccount: Handler<"createSandboxAccount"> = ({ env, body, fixes, origin }) =>
  env.store.write(async (tx) => {
    // An iban sent alone names the account number too (NO + 2 check digits + the bban).
    const requested = bbanOf(body);
    if (requested && (await tx.accountByBban(requested)))
      return failure(
        "CONFLICT",
        `A sandbox account with bban ${requested} exists already; leave bban and iban out to get a new number.`,
        body.bban ? "bban" : "iban",
      );
    const time = await timeIn(tx, env);
    if (!(await tx.customer(body.customerNumber))) await tx.putCustomer(newCustomer(body.customerNumber, time.now, env.newId()));
    const bban = requested ?? (await freeAccountNumber(tx, env.accountSerials));
    if (bban === undefined) return failure("CONFLICT", "The sandbox bank has used all its account numbers: send a bban of your own.", "bban");
    const isPrivate = customerKindOf(body.customerNumber) === "private";
    let account = newAccount(body, { resourceId: env.newId(), bban }, time.now, false);
    await tx.putAccount(account);
    // A private customer's account joins their agreement at once; a company's waits for POST /v1/sandbox/agreements.
    if (isPrivate) {
      await joinAgreement(tx, env, body.customerNumber, [account]);
      account = { ...account, inAgreement: true };
    }
    return answer(201, presentAccount(account, fixes, origin), { Location: `${origin}${hrefOf("getSandboxAccount", { mockAccountId: account.resourceId })}` });
  });

const unknownAccount = (id: string) =>
  failure("RESOURCE_UNKNOWN", `No sandbox account ${id}; use the resourceId that POST /v1/sandbox/accounts returned.`, "mockAccountId");

/** Where the Location of a created account points (a read the spec does not name; decision 0003's sandbox paths). */
export const getSandboxAccount: Handler<"getSandboxAccount"> = async ({ env, params, fixes, origin }) => {
  const account = await env.store.read((tx) => tx.account(params.mockAccountId));
  return account ? answer(200, presentAccount(account, fixes, origin)) : unknownAccount(params.mockAccountId);
};

export const updateSandboxBalances: Handler<"updateSandboxBalances"> = ({ env, params, body, fixes, origin }) =>
  env.store.write(async (tx) => {
    const account = await tx.account(params.mockAccountId);
    if (!account) return unknownAccount(params.mockAccountId);
    const wrong = body.balances.findIndex((balance) => balance.balanceAmount.currency !== account.currency);
    if (wrong >= 0)
      return failure("BAD_REQUEST", `The account is in ${account.currency}; its balances must be too.`, `balances[${String(wrong)}].balanceAmount.currency`);
    const updated = { ...account, balances: body.balances, creditLine: body.creditLine ?? account.creditLine };
    await tx.putAccount(updated);
    return answer(200, presentAccount(updated, fixes, origin));
  });

export const createAgreement: Handler<"createAgreement"> = ({ env, body }) =>
  env.store.write(async (tx) => {
    if (!(await tx.customer(body.customerNumber)))
      return failure("BAD_REQUEST", `No customer ${body.customerNumber} in this sandbox: create an account for the company first.`, "customerNumber");
    const accounts: AccountRecord[] = [];
    for (const [index, id] of body.accountIds.entries()) {
      const account = await tx.account(id);
      const path = `accountIds[${String(index)}]`;
      if (!account) return failure("BAD_REQUEST", `No sandbox account ${id}.`, path);
      if (account.customerNumber !== body.customerNumber)
        return failure("BAD_REQUEST", `Account ${id} belongs to customer ${account.customerNumber}, not ${body.customerNumber}.`, path);
      accounts.push(account);
    }
    const agreement = await joinAgreement(tx, env, body.customerNumber, accounts);
    return answer(201, agreement);
  });

export const registerContactEmail: Handler<"registerContactEmail"> = ({ env, body }) =>
  env.store.write(async (tx) => {
    const time = await timeIn(tx, env);
    const contact = { email: body.email, registeredAt: new Date(time.now).toISOString() };
    await tx.putMeta("contactEmail", contact);
    return answer(200, contact);
  });
