/**
 * --data PATH: the sandbox's state in a SQLite database file (docs/standalone-server.md,
 * "Persistence"). A missing file becomes a new database; a JSON state file of the earlier format
 * (a sandbox export) is migrated once into a database at the same path, the JSON kept beside it.
 * Without --data, the database is in memory.
 */
import { copyFile, open, readFile, rename, stat, unlink } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { companionFiles, isSqliteHeader, sqliteErrorCode } from "../store/sqlite/sqlite";
import { openSqliteStore, type SqliteSandboxStore } from "../store/sqlite/sqlite-store";

/** A problem with the data file that stops the server from starting; its message says what and where. */
export class DataFileError extends Error {
  override name = "DataFileError";
}

export interface OpenedData {
  store: SqliteSandboxStore;
  /** Whether the file existed (a database, or a JSON state file now migrated). */
  loaded: boolean;
  /** Where the JSON state file was kept, when this start migrated it. */
  jsonBackup?: string;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const codeOf = (error: unknown) => (error instanceof Error && "code" in error ? String(error.code) : undefined);
const UNTOUCHED = "The file was left as it is; fix it, move it away, or name another file with --data.";

/** Where the JSON state file goes when it is migrated. */
export const jsonBackupOf = (file: string) => `${file}.json-backup`;

type Kind = "missing" | "database" | "other";

async function kindOf(file: string): Promise<Kind> {
  let handle;
  try {
    handle = await open(file, "r");
  } catch (error) {
    if (codeOf(error) === "ENOENT") return "missing";
    if (codeOf(error) === "EISDIR") throw new DataFileError(`The data file ${file} is a directory; name a file.`);
    throw new DataFileError(`The data file ${file} cannot be read: ${messageOf(error)}`);
  }
  try {
    if ((await handle.stat()).isDirectory()) throw new DataFileError(`The data file ${file} is a directory; name a file.`);
    const header = new Uint8Array(16);
    const { bytesRead } = await handle.read(header, 0, 16, 0);
    // An empty file is an empty database to SQLite (a file made with `touch`).
    if (bytesRead === 0) return "missing";
    return bytesRead === 16 && isSqliteHeader(header) ? "database" : "other";
  } finally {
    await handle.close();
  }
}

async function openDatabase(file: string, maxPages: number | undefined): Promise<SqliteSandboxStore> {
  try {
    return await openSqliteStore({ file, ...(maxPages === undefined ? {} : { maxPages }) });
  } catch (error) {
    const code = sqliteErrorCode(error);
    if (code === "SQLITE_BUSY")
      throw new DataFileError(`The data file ${file} is in use by another sandbox server (one server per file); stop it or name another file with --data.`);
    if (code === "SQLITE_NOTADB" || code === "SQLITE_CORRUPT")
      throw new DataFileError(`The data file ${file} is a damaged SQLite database (${messageOf(error)}). ${UNTOUCHED}`);
    throw new DataFileError(`The data file ${file} cannot be opened as the sandbox's database: ${messageOf(error)}`);
  }
}

async function removeDatabase(file: string): Promise<void> {
  await Promise.all([file, ...companionFiles(file)].map((path) => unlink(path).catch(() => undefined)));
}

async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, "r");
  try {
    await handle.sync();
  } catch {
    // Some file systems cannot sync a directory; the rename is still atomic.
  } finally {
    await handle.close();
  }
}

/**
 * The JSON state file at `file` (the earlier --data format: a sandbox export), migrated into a
 * database at the same path. The JSON is copied to `file.json-backup` first, the database is built
 * beside it and renamed over `file` last, so an interrupted migration leaves the JSON in place and
 * simply runs again at the next start.
 */
async function migrateJsonFile(file: string): Promise<{ store: SqliteSandboxStore; jsonBackup: string }> {
  const text = await readFile(file, "utf8");
  if (text.trim() === "") throw new DataFileError(`The data file ${file} is empty: neither a SQLite database nor a sandbox export. ${UNTOUCHED}`);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new DataFileError(`The data file ${file} is neither a SQLite database nor valid JSON (${messageOf(error)}). ${UNTOUCHED}`);
  }
  const backup = jsonBackupOf(file);
  const existing = await readFile(backup, "utf8").catch(() => undefined);
  if (existing !== undefined && existing !== text)
    throw new DataFileError(
      `The data file ${file} is a JSON state file to migrate, but ${backup} already exists with other contents; move it away first. ${UNTOUCHED}`,
    );

  const building = `${file}.migrating-${String(process.pid)}`;
  await removeDatabase(building);
  try {
    const fresh = await openSqliteStore({ file: building });
    try {
      await fresh.importAll(data);
    } catch (error) {
      throw new DataFileError(`The data file ${file} is not a sandbox export this version can load: ${messageOf(error)} ${UNTOUCHED}`);
    } finally {
      fresh.close();
      await fresh.closed();
    }
    if (existing === undefined) {
      await copyFile(file, backup);
      const handle = await open(backup, "r");
      await handle.sync().finally(() => handle.close());
    }
    await rename(building, file);
    await syncDirectory(dirname(file));
  } catch (error) {
    await removeDatabase(building);
    throw error;
  }
  return { store: await openDatabase(file, undefined), jsonBackup: backup };
}

/** The store of a server: in memory without a file; the database in `file` with one (created, or migrated from JSON). */
/** `maxPages`: the most pages the file may hold (sqlite.ts); a JSON state file being migrated is not bounded. */
export async function openDataStore(dataFile: string | undefined, { maxPages }: { maxPages?: number } = {}): Promise<OpenedData> {
  if (dataFile === undefined) return { store: await openSqliteStore(), loaded: false };
  const file = resolve(dataFile);
  const directory = dirname(file);
  const dir = await stat(directory).catch((error: unknown) => {
    throw new DataFileError(
      codeOf(error) === "ENOENT"
        ? `The directory of the data file, ${directory}, does not exist; create it first.`
        : `The directory ${directory} cannot be read: ${messageOf(error)}`,
    );
  });
  if (!dir.isDirectory()) throw new DataFileError(`${directory} is not a directory, so it cannot hold the data file.`);

  const kind = await kindOf(file);
  if (kind === "other") return { ...(await migrateJsonFile(file)), loaded: true };
  return { store: await openDatabase(file, maxPages), loaded: kind === "database" };
}
