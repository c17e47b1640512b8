/** Sandbox transactions: the paged list (spec 4.4), creation (spec 7 rule 6) and details. */
import { hrefOf } from "../../src/contract/paths";
import { DEFAULT_PAGE_SIZE } from "../../src/contract/query";
import { tppError } from "../../src/contract/tpp-messages";
import { bbanOf } from "../../src/contract/account-numbers";
import { namesAccount } from "../domain/accounts";
import { applyBooking } from "../domain/balances";
import { presentTransaction, requestedBookings } from "../domain/bookings";
import { BEFORE_EVERY_ROW, decodeKey, linkHeader } from "../domain/pagination-links";
import { answer, errorAnswer, failure, type Answer } from "../env/answer";
import type { ReadTx, TransactionKey, TransactionPageQuery } from "../store/port";
import type { AccountRecord } from "../store/records";
import { timeIn } from "../env/sandbox-time";
import type { SandboxEnv } from "../env/sandbox-env";
import type { Handler, HandlerContext } from "./types";

const unknownAccount = (id: string) =>
  failure("RESOURCE_UNKNOWN", `No sandbox account ${id}; use the resourceId that POST /v1/sandbox/accounts returned.`, "mockAccountId");

function cursorOf(query: Record<string, unknown>, name: "after" | "before"): TransactionKey | undefined | "invalid" {
  const value = query[name];
  if (value === undefined) return undefined;
  return (typeof value === "string" ? decodeKey(value) : undefined) ?? "invalid";
}

/** How many rows the list has: free without a date range, else counted once per account state (env cache). */
async function totalOf(tx: ReadTx, env: SandboxEnv, account: AccountRecord, fromDate?: string, toDate?: string): Promise<number> {
  if (fromDate === undefined && toDate === undefined) return account.transactionCount;
  const key = `${account.resourceId}|${String(account.transactionCount)}|${fromDate ?? ""}|${toDate ?? ""}`;
  const known = env.transactionCounts.get(key);
  if (known !== undefined) return known;
  const counted = await tx.transactionCount(account.resourceId, fromDate, toDate);
  if (env.transactionCounts.size >= 500) env.transactionCounts.clear();
  env.transactionCounts.set(key, counted);
  return counted;
}

export const listSandboxTransactions: Handler<"listSandboxTransactions"> = async ({ env, params, query, origin }) => {
  const after = cursorOf(query, "after");
  const before = cursorOf(query, "before");
  if (after === "invalid" || before === "invalid") {
    const bad = after === "invalid" ? "after" : "before";
    return failure("FORMAT_ERROR", `The ${bad} cursor is not one this sandbox wrote; follow the Link header's URLs as they are.`, bad);
  }
  const cache = env.pageCache;
  // The validated query's keys come in the schema's order, so equal requests give equal keys.
  const key = cache && JSON.stringify([origin, params.mockAccountId, query]);
  const kept = key === undefined ? undefined : cache?.get(key);
  if (kept) return { status: 200, bodyJson: kept.bodyJson, headers: kept.headers };
  const readAt = cache?.revision() ?? 0;
  const result = await readPage(env, params.mockAccountId, query, origin, after, before);
  if (!cache || key === undefined || result.status !== 200 || !result.headers) return result;
  const page = { bodyJson: JSON.stringify(result.body), headers: result.headers };
  cache.set(key, page, readAt);
  return { status: 200, ...page };
};

function readPage(
  env: SandboxEnv,
  accountId: string,
  query: HandlerContext<"listSandboxTransactions">["query"],
  origin: string,
  after: TransactionKey | undefined,
  before: TransactionKey | undefined,
): Promise<Answer> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const offset = query.offset ?? 0;
  return env.store.read(async (tx) => {
    const account = await tx.account(accountId);
    if (!account) return unknownAccount(accountId);
    const total = await totalOf(tx, env, account, query.fromDate, query.toDate);
    // The last page holds what is left after its offset, read from the oldest end without skipping rows.
    const tail = before === BEFORE_EVERY_ROW;
    const pageQuery: TransactionPageQuery = {
      accountId: account.resourceId,
      limit: tail ? Math.max(1, Math.min(limit, total - offset)) : limit,
      ...(query.fromDate ? { fromDate: query.fromDate } : {}),
      ...(query.toDate ? { toDate: query.toDate } : {}),
      ...(after ? { after } : before ? { before } : { offset }),
    };
    const page = await tx.transactionPage(pageQuery);
    const first = page.items[0];
    const last = page.items[page.items.length - 1];
    const link = linkHeader({
      base: `${origin}${hrefOf("listSandboxTransactions", { mockAccountId: account.resourceId })}`,
      fromDate: query.fromDate,
      toDate: query.toDate,
      offset,
      limit,
      total,
      firstKey: first && { bookingDate: first.bookingDate, seq: first.seq },
      lastKey: last && { bookingDate: last.bookingDate, seq: last.seq },
      hasMore: tail ? false : page.hasMore,
      hasPrevious: page.hasPrevious,
    });
    return answer(
      200,
      page.items.map((item) => presentTransaction(item, origin)),
      { Link: link, "X-Total-Count": String(total) },
    );
  });
}

export const createSandboxTransaction: Handler<"createSandboxTransaction"> = ({ env, params, body, origin }) =>
  env.store.write(async (tx) => {
    const account = await tx.account(params.mockAccountId);
    if (!account) return unknownAccount(params.mockAccountId);
    if (!namesAccount(body.debtorAccount, account))
      return errorAnswer([
        tppError(
          "BAD_REQUEST",
          `The debtor must be this account (bban ${account.bban}, iban ${account.iban}); a sandbox transaction cannot use another account as debtor.`,
          "debtorAccount",
        ),
      ]);
    if (body.currency !== account.currency) return failure("BAD_REQUEST", `The account is in ${account.currency}; the transaction must be too.`, "currency");
    const creditorBban = bbanOf(body.creditorAccount);
    const creditor = creditorBban === undefined ? undefined : await tx.accountByBban(creditorBban);
    if (creditor?.resourceId === account.resourceId) return failure("BAD_REQUEST", "The creditor is the debtor account itself.", "creditorAccount");
    // A sandbox transaction carries no structured reference, so it can never bring the KID such an account requires.
    if (creditor?.kidRequired)
      return failure(
        "KID_MISSING",
        `Account ${creditor.bban} accepts payments only with a KID, which a sandbox transaction cannot carry: pay it with POST /v1/payments/norwegian-domestic-credit-transfers and a remittanceInformationStructuredArray KID, or credit another account.`,
        "creditorAccount",
      );
    const creditedHere = creditor?.currency === body.currency ? creditor : undefined;
    const time = await timeIn(tx, env);
    const holder = await tx.customer(account.customerNumber);
    const bookings = requestedBookings(body, account, holder?.name, creditedHere, time.today, env.newId);
    const stored = [];
    for (const booking of bookings) stored.push(await tx.addTransaction(booking));
    await tx.putAccount(applyBooking(account, -body.amount));
    if (creditedHere) await tx.putAccount(applyBooking(creditedHere, body.amount));
    const [debit] = stored;
    return debit ? answer(201, presentTransaction(debit, origin)) : failure("BAD_REQUEST", "Nothing was booked.");
  });

export const getSandboxTransaction: Handler<"getSandboxTransaction"> = async ({ env, params, origin }) => {
  const found = await env.store.read(async (tx) => ({
    account: await tx.account(params.mockAccountId),
    transaction: await tx.transaction(params.mockAccountId, params.transactionId),
  }));
  if (!found.account) return unknownAccount(params.mockAccountId);
  if (!found.transaction) return failure("RESOURCE_UNKNOWN", `Account ${params.mockAccountId} has no transaction ${params.transactionId}.`, "transactionId");
  return answer(200, presentTransaction(found.transaction, origin));
};
