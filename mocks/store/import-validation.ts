/**
 * Checks an export file before anything is written: the envelope (format, schemaVersion), every
 * record against its schema in records.ts (ranges of instants, seq and the clock offset included),
 * meta values by key, then how the records fit together (import-integrity.ts). A refused file
 * throws an ImportRefusedError that lists every problem found (up to MAX_LISTED_PROBLEMS), each
 * with its path (`stores.payments[3].debtorAccountId`).
 */
import type { z } from "zod";
import { formatPath } from "../../src/contract/tpp-messages";
import { CURRENT_SCHEMA_VERSION, exportStoreNames as storeNames, migrateExport } from "./export-format";
import type { SandboxExport } from "./port";
import { AccountRecord, AgreementRecord, BasketRecord, CustomerRecord, MetaRecords, PaymentRecord, TransactionRecord, type MetaKey } from "./records";
import { findIntegrityProblems, withNextSeq } from "./import-integrity";
import type { IntegrityProblem } from "./import-problem";

export const EXPORT_FORMAT = "psd2-sandbox-export";

type Stores = SandboxExport["stores"];
type RecordStoreName = Exclude<keyof Stores, "meta">;

const recordSchemas: { [Name in RecordStoreName]: z.ZodType<Stores[Name][number]> } = {
  customers: CustomerRecord,
  accounts: AccountRecord,
  agreements: AgreementRecord,
  payments: PaymentRecord,
  baskets: BasketRecord,
  transactions: TransactionRecord,
};

const metaKeys = Object.keys(MetaRecords) as MetaKey[];
const isMetaKey = (key: unknown): key is MetaKey => typeof key === "string" && Object.hasOwn(MetaRecords, key);

/** Problems kept for the answer; the rest are only counted. */
export const MAX_LISTED_PROBLEMS = 100;

/** A refused import: every problem found (the first MAX_LISTED_PROBLEMS), and how many there were. */
export class ImportRefusedError extends Error {
  constructor(
    readonly problems: readonly IntegrityProblem[],
    readonly total: number,
  ) {
    const [first] = problems;
    const more = total > 1 ? ` (and ${String(total - 1)} more problem${total > 2 ? "s" : ""})` : "";
    super(first ? `Import: ${first.where}: ${first.problem}${more}` : "Import: refused.");
    this.name = "ImportRefusedError";
  }
}

/** Collects problems; the envelope's own problems stop the check at once (nothing else can be read). */
class Problems {
  readonly listed: IntegrityProblem[] = [];
  total = 0;
  readonly report = (problem: IntegrityProblem) => {
    this.total++;
    if (this.listed.length < MAX_LISTED_PROBLEMS) this.listed.push(problem);
  };
  throwIfAny(): void {
    if (this.total > 0) throw new ImportRefusedError(this.listed, this.total);
  }
}

const fail = (where: string, problem: string): never => {
  throw new ImportRefusedError([{ where, problem }], 1);
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `${typeof value} ${JSON.stringify(value)}`;
}

/** The record parsed, or undefined after reporting its first issue (one per record keeps the list readable). */
function parse<T>(schema: z.ZodType<T>, value: unknown, where: string, report: (problem: IntegrityProblem) => void): T | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? formatPath(issue.path).replace(/^(?!\[)/, ".") : "";
  report({ where: `${where}${field}`, problem: issue?.message ?? "invalid" });
  return undefined;
}

interface Envelope {
  version: number;
  exportedAt: string;
  stores: Record<string, unknown>;
}

function checkEnvelope(data: unknown): Envelope {
  if (!isObject(data))
    throw new Error(`Import: expected an export object ({"format": "${EXPORT_FORMAT}", "schemaVersion": …, "stores": {…}}), got ${describe(data)}.`);
  if (data.format !== EXPORT_FORMAT) fail("format", `${JSON.stringify(data.format)} is not a sandbox export; expected "${EXPORT_FORMAT}".`);
  const version = data.schemaVersion;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1)
    fail("schemaVersion", `${JSON.stringify(version)} is not a schema version (an integer from 1).`);
  if ((version as number) > CURRENT_SCHEMA_VERSION)
    fail(
      "schemaVersion",
      `the file has schema version ${String(version)}, newer than this sandbox's ${String(CURRENT_SCHEMA_VERSION)}; open it with a newer portal.`,
    );
  const { exportedAt = "", stores } = data;
  if (typeof exportedAt !== "string") fail("exportedAt", `expected a string, got ${describe(exportedAt)}.`);
  if (!isObject(stores)) fail("stores", `expected an object with one array per store, got ${describe(stores)}.`);
  return { version: version as number, exportedAt: exportedAt as string, stores: stores as Record<string, unknown> };
}

function checkMeta(entries: unknown[], report: (problem: IntegrityProblem) => void): Stores["meta"] {
  return entries.flatMap((entry, index) => {
    const where = `stores.meta[${String(index)}]`;
    if (!isObject(entry)) {
      report({ where, problem: `expected {"key": …, "value": …}, got ${describe(entry)}.` });
      return [];
    }
    const { key } = entry;
    if (!isMetaKey(key)) {
      report({ where: `${where}.key`, problem: `unknown meta key ${JSON.stringify(key)}; known keys: ${metaKeys.join(", ")}.` });
      return [];
    }
    const schema: z.ZodType = MetaRecords[key];
    const value = parse(schema, entry.value, `${where}.value`, report);
    return value === undefined ? [] : [{ key, value }];
  });
}

/** The export, validated and migrated to the current schema version; throws an ImportRefusedError listing every problem. */
export function validateExport(data: unknown): SandboxExport {
  const envelope = checkEnvelope(data);
  const raw = migrateExport(envelope.stores, envelope.version);
  for (const name of Object.keys(raw))
    if (!(storeNames as readonly string[]).includes(name)) fail(`stores.${name}`, `not a store of this sandbox; stores are ${storeNames.join(", ")}.`);
  const arrays = Object.fromEntries(
    storeNames.map((name) => {
      const value = raw[name];
      if (!Array.isArray(value)) return fail(`stores.${name}`, `expected an array of records (empty if there are none), got ${describe(value)}.`);
      return [name, value as unknown[]];
    }),
  ) as Record<(typeof storeNames)[number], unknown[]>;

  const problems = new Problems();
  const parseAll = <Name extends RecordStoreName>(name: Name): Stores[Name] =>
    arrays[name].flatMap((record, index) => {
      const parsed = parse(recordSchemas[name], record, `stores.${name}[${String(index)}]`, problems.report);
      return parsed === undefined ? [] : [parsed];
    }) as Stores[Name];
  const stores: Stores = {
    customers: parseAll("customers"),
    accounts: parseAll("accounts"),
    agreements: parseAll("agreements"),
    payments: parseAll("payments"),
    baskets: parseAll("baskets"),
    transactions: parseAll("transactions"),
    meta: checkMeta(arrays.meta, problems.report),
  };
  // How records fit together is judged on records that are each valid: a record that failed its
  // schema would only add "not in the file" problems that are not the file's.
  problems.throwIfAny();
  findIntegrityProblems(stores, problems.report);
  problems.throwIfAny();
  return { format: EXPORT_FORMAT, schemaVersion: CURRENT_SCHEMA_VERSION, exportedAt: envelope.exportedAt, stores: { ...stores, meta: withNextSeq(stores) } };
}
