/**
 * Checks an export file before anything is written: the envelope (format, schemaVersion), every
 * record against its schema in records.ts, meta values by key, and the keys IndexedDB would
 * refuse (duplicates). The first problem becomes an Error naming store, index, field and issue.
 */
import type { z } from "zod";
import { formatPath } from "../../src/contract/tpp-messages";
import { CURRENT_SCHEMA_VERSION, migrateExport } from "./migrations";
import type { SandboxExport } from "./port";
import {
  AccountRecord, AgreementRecord, BasketRecord, CustomerRecord, MetaRecords, PaymentRecord, TransactionRecord, type MetaKey,
} from "./records";
import { storeNames } from "./schema";
import { checkNextSeq, findDuplicate, withNextSeq } from "./import-integrity";

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

const fail = (where: string, problem: string): never => {
  throw new Error(`Import: ${where}: ${problem}`);
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `${typeof value} ${JSON.stringify(value)}`;
}

function parse<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? formatPath(issue.path).replace(/^(?!\[)/, ".") : "";
  return fail(`${where}${field}`, issue?.message ?? "invalid");
}

interface Envelope {
  version: number;
  exportedAt: string;
  stores: Record<string, unknown>;
}

function checkEnvelope(data: unknown): Envelope {
  if (!isObject(data))
    throw new Error(`Import: expected an export object ({"format": "${EXPORT_FORMAT}", "schemaVersion": …, "stores": {…}}), got ${describe(data)}.`);
  if (data.format !== EXPORT_FORMAT)
    fail("format", `${JSON.stringify(data.format)} is not a sandbox export; expected "${EXPORT_FORMAT}".`);
  const version = data.schemaVersion;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1)
    fail("schemaVersion", `${JSON.stringify(version)} is not a schema version (an integer from 1).`);
  if ((version as number) > CURRENT_SCHEMA_VERSION)
    fail("schemaVersion", `the file has schema version ${String(version)}, newer than this sandbox's ${String(CURRENT_SCHEMA_VERSION)}; open it with a newer portal.`);
  const { exportedAt = "", stores } = data;
  if (typeof exportedAt !== "string") fail("exportedAt", `expected a string, got ${describe(exportedAt)}.`);
  if (!isObject(stores)) fail("stores", `expected an object with one array per store, got ${describe(stores)}.`);
  return { version: version as number, exportedAt: exportedAt as string, stores: stores as Record<string, unknown> };
}

function checkMeta(entries: unknown[]): Stores["meta"] {
  return entries.map((entry, index) => {
    const where = `stores.meta[${String(index)}]`;
    if (!isObject(entry)) return fail(where, `expected {"key": …, "value": …}, got ${describe(entry)}.`);
    const { key } = entry;
    if (!isMetaKey(key)) return fail(`${where}.key`, `unknown meta key ${JSON.stringify(key)}; known keys: ${metaKeys.join(", ")}.`);
    const schema: z.ZodType = MetaRecords[key];
    return { key, value: parse(schema, entry.value, `${where}.value`) };
  });
}

/** The export, validated and migrated to the current schema version; throws on the first problem. */
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

  const parseAll = <Name extends RecordStoreName>(name: Name): Stores[Name] =>
    arrays[name].map((record, index) => parse(recordSchemas[name], record, `stores.${name}[${String(index)}]`)) as Stores[Name];
  const stores: Stores = {
    customers: parseAll("customers"),
    accounts: parseAll("accounts"),
    agreements: parseAll("agreements"),
    payments: parseAll("payments"),
    baskets: parseAll("baskets"),
    transactions: parseAll("transactions"),
    meta: checkMeta(arrays.meta),
  };
  const problem = findDuplicate(stores) ?? checkNextSeq(stores);
  if (problem) fail(problem.where, problem.problem);
  return { format: EXPORT_FORMAT, schemaVersion: CURRENT_SCHEMA_VERSION, exportedAt: envelope.exportedAt, stores: { ...stores, meta: withNextSeq(stores) } };
}
