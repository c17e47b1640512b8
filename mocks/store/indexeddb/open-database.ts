/**
 * Opens (creating or upgrading) the sandbox database with idb, on any IDBFactory: the browser's
 * `indexedDB`, or fake-indexeddb in Node. idb's `openDB` always uses the global `indexedDB`, so
 * this is its open sequence over a given factory, with the migration steps as the upgrade.
 */
import { wrap, type IDBPDatabase } from "idb";
import { applyMigrations, checkSteps, migrations, versionOf, type MigrationStep, type UpgradeDb, type UpgradeTx } from "./migrations";

export interface OpenDatabaseOptions {
  name: string;
  indexedDB?: IDBFactory;
  /** The migration steps; the last one's version is the version opened. Tests pass their own. */
  steps?: readonly MigrationStep[];
}

/**
 * The factory to use. idb recognises requests and cursors by the global IDB* classes, so those
 * must exist even when a factory is passed in (in Node: import "fake-indexeddb/auto" first).
 */
function factoryOf(given?: IDBFactory): IDBFactory {
  if (typeof IDBRequest === "undefined" || (given === undefined && typeof indexedDB === "undefined"))
    throw new Error('No IndexedDB here. In Node, import "fake-indexeddb/auto" before opening the sandbox store.');
  return given ?? indexedDB;
}

export async function openDatabase<Schema = unknown>(options: OpenDatabaseOptions): Promise<IDBPDatabase<Schema>> {
  const steps = options.steps ?? migrations;
  checkSteps(steps);
  const factory = factoryOf(options.indexedDB);

  const request = factory.open(options.name, versionOf(steps));
  const opened = wrap(request) as Promise<IDBPDatabase<Schema>>;
  let upgradeFailure: unknown;
  request.addEventListener("upgradeneeded", (event) => {
    if (!request.transaction) return; // always set during upgradeneeded
    const tx = wrap(request.transaction) as unknown as UpgradeTx;
    tx.done.catch(() => undefined); // an aborted upgrade is reported through the open request
    const db: UpgradeDb = wrap(request.result);
    try {
      applyMigrations(steps, db, event.oldVersion, event.newVersion ?? versionOf(steps), tx).catch((error: unknown) => {
        upgradeFailure = error;
        abortQuietly(request.transaction);
      });
    } catch (error) {
      upgradeFailure = error;
      abortQuietly(request.transaction);
    }
  });
  request.addEventListener("blocked", () => {
    console.warn(`The sandbox database "${options.name}" is open in another tab with an older version; close that tab to upgrade.`);
  });
  const db = await opened.catch((error: unknown) => {
    if (upgradeFailure === undefined) throw error;
    return undefined;
  });
  if (db === undefined) throw new Error(`Upgrading the sandbox database "${options.name}" failed: ${messageOf(upgradeFailure)}`, { cause: upgradeFailure });
  // Another tab upgrading (or deleting) the database: let it; this connection is then stale.
  db.addEventListener("versionchange", () => {
    console.warn(`The sandbox database "${options.name}" is being upgraded or deleted elsewhere; this connection closes.`);
    db.close();
  });
  return db;
}

const messageOf = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : JSON.stringify(error));

function abortQuietly(tx: IDBTransaction | null): void {
  try {
    tx?.abort();
  } catch {
    // Already finished.
  }
}

export async function deleteDatabase(name: string, factory?: IDBFactory): Promise<void> {
  await wrap(factoryOf(factory).deleteDatabase(name));
}
