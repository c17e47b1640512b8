/**
 * What a valid record can still get wrong in an import: keys the object stores or their unique
 * indexes would refuse, and a `nextSeq` that would hand out a seq already taken (which would break
 * the keyset order of the transaction lists).
 */
import type { SandboxExport } from "./port";

type Stores = SandboxExport["stores"];

export interface IntegrityProblem {
  where: string;
  problem: string;
}

interface UniqueKey<Item> {
  store: keyof Stores;
  what: string;
  keyOf: (item: Item) => unknown;
}

function firstDuplicate<Item>(items: readonly Item[], { store, what, keyOf }: UniqueKey<Item>): IntegrityProblem | undefined {
  const seen = new Map<string, number>();
  for (const [index, item] of items.entries()) {
    const key = JSON.stringify(keyOf(item));
    const earlier = seen.get(key);
    if (earlier !== undefined)
      return { where: `stores.${store}[${String(index)}]`, problem: `${what} ${key} is already used by stores.${store}[${String(earlier)}].` };
    seen.set(key, index);
  }
  return undefined;
}

/** The first record whose primary key or unique index value an earlier record of its store already has. */
export function findDuplicate(stores: Stores): IntegrityProblem | undefined {
  return (
    firstDuplicate(stores.customers, { store: "customers", what: "customerNumber", keyOf: (item) => item.customerNumber }) ??
    firstDuplicate(stores.customers, { store: "customers", what: "psuId", keyOf: (item) => item.psuId }) ??
    firstDuplicate(stores.accounts, { store: "accounts", what: "resourceId", keyOf: (item) => item.resourceId }) ??
    firstDuplicate(stores.accounts, { store: "accounts", what: "bban", keyOf: (item) => item.bban }) ??
    firstDuplicate(stores.agreements, { store: "agreements", what: "customerNumber", keyOf: (item) => item.customerNumber }) ??
    firstDuplicate(stores.payments, { store: "payments", what: "paymentId", keyOf: (item) => item.paymentId }) ??
    firstDuplicate(stores.baskets, { store: "baskets", what: "basketId", keyOf: (item) => item.basketId }) ??
    firstDuplicate(stores.transactions, { store: "transactions", what: "[accountId, id]", keyOf: (item) => [item.accountId, item.id] }) ??
    firstDuplicate(stores.transactions, { store: "transactions", what: "seq", keyOf: (item) => item.seq }) ??
    firstDuplicate(stores.meta, { store: "meta", what: "key", keyOf: (item) => item.key })
  );
}

const maxSeqOf = (stores: Stores): number => stores.transactions.reduce((max, item) => Math.max(max, item.seq), -1);

/** A `nextSeq` that is given must lie above every transaction's seq. */
export function checkNextSeq(stores: Stores): IntegrityProblem | undefined {
  const index = stores.meta.findIndex((entry) => entry.key === "nextSeq");
  const entry = stores.meta[index];
  const maxSeq = maxSeqOf(stores);
  if (entry === undefined || (entry.value as number) > maxSeq) return undefined;
  return {
    where: `stores.meta[${String(index)}].value`,
    problem: `nextSeq ${String(entry.value)} must be greater than every transaction's seq (the largest is ${String(maxSeq)}).`,
  };
}

/** The meta entries, with `nextSeq` derived from the transactions when the file leaves it out. */
export function withNextSeq(stores: Stores): Stores["meta"] {
  const maxSeq = maxSeqOf(stores);
  if (maxSeq < 0 || stores.meta.some((entry) => entry.key === "nextSeq")) return stores.meta;
  return [...stores.meta, { key: "nextSeq", value: maxSeq + 1 }];
}
