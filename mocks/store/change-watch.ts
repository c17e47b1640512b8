/**
 * What a request changed, for its traffic record (decision 0055): the store as one request sees it, noting each
 * payment's and basket's status before and after, each transaction booked, each account or customer written, the clock
 * moved, the sandbox replaced. Only committed writes count (a write that rolls back noted nothing), and a resource
 * changed twice is one change from its first status to its last (RCVD → ACTC → ACSC is RCVD → ACSC).
 */
import type { RecordedChange } from "../../src/contract/traffic";
import type { MetaKey } from "./records";
import type { SandboxStore, WriteTx } from "./port";
import { viewOf } from "./forwarding-view";

/** Changes a record lists at most; a batch run that books more says how many more in a last entry. */
export const MAX_RECORDED_CHANGES = 100;

/** The changes of one request, by resource, in the order first met. */
export class ChangeNotes {
  private readonly byResource = new Map<string, RecordedChange>();
  private more = 0;

  note(change: RecordedChange): void {
    const key = `${change.kind}:${change.id ?? ""}`;
    const earlier = this.byResource.get(key);
    if (earlier) {
      this.byResource.set(key, { ...earlier, to: change.to });
      return;
    }
    if (this.byResource.size >= MAX_RECORDED_CHANGES) this.more += 1;
    else this.byResource.set(key, change);
  }

  list(): RecordedChange[] {
    // A status that came back where it was is no change (a payment written again unchanged).
    const changes = [...this.byResource.values()].filter((change) => change.from === undefined || change.from !== change.to);
    return this.more > 0 ? [...changes, { kind: "sandbox", to: `and ${String(this.more)} more changes` }] : changes;
  }
}

/** Meta keys a request changes on purpose; the others (the batch's last run, the counter) are bookkeeping. */
const META_CHANGES: Partial<Record<MetaKey, RecordedChange>> = {
  clockOffsetMs: { kind: "clock", to: "moved" },
  batchTimes: { kind: "sandbox", id: "batchTimes", to: "changed" },
  scaWindowMinutes: { kind: "sandbox", id: "scaWindowMinutes", to: "changed" },
  scenarioRules: { kind: "sandbox", id: "scenarioRules", to: "changed" },
  contactEmail: { kind: "sandbox", id: "contactEmail", to: "changed" },
};

type StatusOf = Map<string, string>;

/** The write transaction, noting into `pending` (kept only if the write commits) and remembering the statuses it read. */
function watchedTx(tx: WriteTx, pending: RecordedChange[]): WriteTx {
  const payments: StatusOf = new Map();
  const baskets: StatusOf = new Map();
  const seen = <R extends { paymentId: string; transactionStatus: string } | undefined>(record: R): R => {
    if (record && !payments.has(record.paymentId)) payments.set(record.paymentId, record.transactionStatus);
    return record;
  };
  const watched: Partial<WriteTx> = {
    payment: async (id) => seen(await tx.payment(id)),
    payments: async (limit) => (await tx.payments(limit)).map(seen),
    paymentsAgain: async (earlier) => (await tx.paymentsAgain(earlier)).map(seen),
    duePayments: async (statuses, date) => (await tx.duePayments(statuses, date)).map(seen),
    basket: async (id) => {
      const basket = await tx.basket(id);
      if (basket && !baskets.has(basket.basketId)) baskets.set(basket.basketId, basket.transactionStatus);
      return basket;
    },
    putPayment: async (record) => {
      await tx.putPayment(record);
      const from = payments.get(record.paymentId);
      pending.push({ kind: "payment", id: record.paymentId, ...(from === undefined ? {} : { from }), to: record.transactionStatus });
    },
    putBasket: async (record) => {
      await tx.putBasket(record);
      const from = baskets.get(record.basketId);
      pending.push({ kind: "basket", id: record.basketId, ...(from === undefined ? {} : { from }), to: record.transactionStatus });
    },
    putAccount: async (record) => {
      await tx.putAccount(record);
      pending.push({ kind: "account", id: record.resourceId, to: "updated" });
    },
    putCustomer: async (record) => {
      await tx.putCustomer(record);
      pending.push({ kind: "customer", id: record.customerNumber, to: "updated" });
    },
    addTransaction: async (record) => {
      const added = await tx.addTransaction(record);
      pending.push({ kind: "transaction", id: added.id, to: "booked" });
      return added;
    },
    putMeta: async (key, value) => {
      await tx.putMeta(key, value);
      const change = META_CHANGES[key];
      if (change) pending.push(change);
    },
  };
  // A transaction is made for one write, so it gets no prototype of its own (a prototype per write would give every
  // view a shape of its own): the adapters' transactions are objects of closures, copied whole with the noting ones on top.
  return { ...tx, ...watched };
}

/**
 * `store` with each committed change noted in the notes of the request it was made for: `notesOf` answers them when
 * the change starts (the request's own view of the store in the browser; on the server, the request the work belongs
 * to), and a change no request made (a scheduled batch run) is not noted.
 */
export function watchChanges(store: SandboxStore, notesOf: () => ChangeNotes | undefined): SandboxStore {
  const replaced =
    <A extends unknown[]>(to: string, run: (...args: A) => Promise<void>) =>
    async (...args: A): Promise<void> => {
      const notes = notesOf();
      await run(...args);
      notes?.note({ kind: "sandbox", to });
    };
  const watched: Partial<SandboxStore> = {
    write: async (work, options) => {
      const notes = notesOf();
      if (notes === undefined) return store.write(work, options);
      const pending: RecordedChange[] = [];
      const result = await store.write((tx) => work(watchedTx(tx, pending)), options);
      for (const change of pending) notes.note(change);
      return result;
    },
    importAll: replaced("imported", (data: unknown) => store.importAll(data)),
    restore: replaced("restored to the fixed data", (stores: Parameters<SandboxStore["restore"]>[0]) => store.restore(stores)),
    clear: replaced("emptied", () => store.clear()),
  };
  return viewOf(store, watched);
}
