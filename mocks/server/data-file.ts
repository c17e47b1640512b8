/**
 * --data FILE: the sandbox's state kept in one JSON file (the store's exportAll format). Loaded on
 * start (a file that is not a valid export stops the start and is left as it is), written after
 * every commit, atomically (a temporary file beside it, then rename), one write at a time.
 */
import { open, readFile, rename, stat, unlink } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import type { SandboxStore } from "../store/port";
import { createCoalescingWriter } from "./coalescing-writer";

/** A problem with the data file that stops the server from starting; its message says what and where. */
export class DataFileError extends Error {
  override name = "DataFileError";
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const codeOf = (error: unknown) => (error instanceof Error && "code" in error ? String(error.code) : undefined);

/** Checks the directory and loads the file into the store if it exists; returns whether it did. */
export async function loadDataFile(store: SandboxStore, file: string): Promise<{ loaded: boolean }> {
  const directory = dirname(resolve(file));
  const dir = await stat(directory).catch((error: unknown) => {
    throw new DataFileError(
      codeOf(error) === "ENOENT" ? `The directory of the data file, ${directory}, does not exist; create it first.` : `The directory ${directory} cannot be read: ${messageOf(error)}`,
    );
  });
  if (!dir.isDirectory()) throw new DataFileError(`${directory} is not a directory, so it cannot hold the data file.`);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if (codeOf(error) === "ENOENT") return { loaded: false };
    if (codeOf(error) === "EISDIR") throw new DataFileError(`The data file ${file} is a directory; name a file.`);
    throw new DataFileError(`The data file ${file} cannot be read: ${messageOf(error)}`);
  }
  const untouched = "The file was left as it is; fix it, move it away, or name another file with --data.";
  if (text.trim() === "") throw new DataFileError(`The data file ${file} is empty, not a sandbox export. ${untouched}`);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new DataFileError(`The data file ${file} is not valid JSON (${messageOf(error)}). ${untouched}`);
  }
  try {
    await store.importAll(data);
  } catch (error) {
    throw new DataFileError(`The data file ${file} is not a sandbox export this version can load: ${messageOf(error)} ${untouched}`);
  }
  return { loaded: true };
}

/** Writes `text` to `file` so that a reader only ever sees the old or the new whole file. */
export async function writeFileAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.tmp-${String(process.pid)}`;
  try {
    const handle = await open(temporary, "w");
    try {
      await handle.writeFile(text, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

export interface Persistence {
  /** Waits until every commit so far is in the file; rejects if the last write failed. */
  flush(): Promise<void>;
  /** Writes the file now (after any write in flight), commit or not. */
  save(): Promise<void>;
  /** Stops listening for commits (flush afterwards to write the last ones). */
  stop(): void;
}

/** Writes the whole sandbox to `file` after every commit (coalesced). */
export function persistOnCommit(store: SandboxStore, file: string, onError: (error: unknown) => void): Persistence {
  const writer = createCoalescingWriter(async () => {
    const snapshot = await store.exportAll();
    await writeFileAtomically(file, `${JSON.stringify(snapshot)}\n`);
  }, onError);
  const unsubscribe = store.onCommit(() => {
    writer.schedule();
  });
  return {
    flush: () => writer.flush(),
    save: () => {
      writer.schedule();
      return writer.flush();
    },
    stop: unsubscribe,
  };
}
