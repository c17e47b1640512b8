/**
 * The sandbox's data as an export file holds it, whichever engine stores it: its schema version, the kinds
 * of records it lists, and how a file of an older version is rewritten to this one (import-validation.ts
 * checks a file; each adapter's exportAll writes one).
 */

/**
 * The version of the sandbox's data: an export file's `schemaVersion`, the sandbox info's `dataVersion`. It
 * is the IndexedDB database's version (indexeddb/migrations.ts, whose test holds the two equal): a new step
 * there is a new version here, with an export step below when the records a file lists change.
 */
export const CURRENT_SCHEMA_VERSION = 6;

/** The kinds of records an export file holds, one array each, in this order. */
export const exportStoreNames = ["customers", "accounts", "agreements", "payments", "baskets", "transactions", "meta"] as const;
export type ExportStoreName = (typeof exportStoreNames)[number];

/** Rewrites an export file of `version - 1` into one of `version` (its `stores` and meta). */
export interface ExportMigrationStep {
  version: number;
  upgrade(stores: Record<string, unknown>): Record<string, unknown>;
}

/**
 * Export files of schema version 1 need no rewrite to version 2, 3, 4, 5 or 6: versions 2 and 6 only add the replay
 * guard's and the traffic record's stores, which exports never hold, and versions 3 to 5 only change how transactions
 * and payments are stored, not the records a file lists.
 */
export const exportMigrations: readonly ExportMigrationStep[] = [];

/** The `stores` of an export file of `fromVersion`, rewritten to the current version. */
export function migrateExport(
  stores: Record<string, unknown>,
  fromVersion: number,
  steps: readonly ExportMigrationStep[] = exportMigrations,
): Record<string, unknown> {
  return steps.filter((step) => step.version > fromVersion).reduce((current, step) => step.upgrade(current), stores);
}
