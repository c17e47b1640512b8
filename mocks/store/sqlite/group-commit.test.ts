import Database from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, describe, expect, test } from "vitest";
import { groupCommitHolds } from "./group-commit";

interface Tables {
  notes: { id: string; parent: string | null };
}

/** A real SQLite database with a table whose deferred foreign key lets a commit itself fail, and a count of the commits it ran. */
function setUp() {
  const native = new Database(":memory:");
  native.pragma("foreign_keys = ON");
  native.exec("create table notes (id text primary key, parent text references notes(id) deferrable initially deferred)");
  const statements: string[] = [];
  const db = new Kysely<Tables>({
    dialect: new SqliteDialect({ database: native }),
    log: (event) => {
      statements.push(event.query.sql);
    },
  });
  let groupsFailed = 0;
  const holds = groupCommitHolds<Kysely<Tables>>({
    onConnection: (body) => db.connection().execute(body),
    inTransaction: () => native.inTransaction,
    onGroupFailed: () => (groupsFailed += 1),
  });
  const insert = (id: string, parent: string | null = null) =>
    holds.write(async (tx) => {
      await tx.insertInto("notes").values({ id, parent }).execute();
      return id;
    });
  const insertNow = native.prepare("insert into notes (id, parent) values (?, ?)");
  /** A one-statement unit, as the SQLite store's request-id claim. */
  const statement = (id: string, parent: string | null = null) => holds.statement(() => insertNow.run(id, parent).changes);
  const ids = async () => (await db.selectFrom("notes").select("id").orderBy("id").execute()).map((row) => row.id);
  const commits = () => statements.filter((statement) => statement === "commit").length;
  return { native, db, holds, insert, statement, ids, commits, groupsFailed: () => groupsFailed };
}

let opened: Kysely<Tables>[] = [];
const open = () => {
  const setup = setUp();
  opened.push(setup.db);
  return setup;
};
afterEach(async () => {
  await Promise.all(opened.map((db) => db.destroy()));
  opened = [];
});

describe("units that reach the database in one turn of the event loop", () => {
  test("share one commit, and each comes back only once it is committed", async () => {
    const { native, insert, ids, commits } = open();
    const done = await Promise.all(
      ["a", "b", "c"].map(async (id) => {
        const result = await insert(id);
        return { result, inTransaction: native.inTransaction };
      }),
    );
    expect(done).toEqual(["a", "b", "c"].map((id) => ({ result: id, inTransaction: false })));
    expect(commits()).toBe(1);
    expect(await ids()).toEqual(["a", "b", "c"]);
  });

  test("units of later turns commit in groups of their own", async () => {
    const { insert, ids, commits } = open();
    await insert("a");
    await insert("b");
    expect(commits()).toBe(2);
    expect(await ids()).toEqual(["a", "b"]);
  });

  test("a write that fails rolls back its own changes only, and the others of its group commit", async () => {
    const { holds, insert, ids } = open();
    const first = insert("a");
    const failing = holds.write(async (tx) => {
      await tx.insertInto("notes").values({ id: "b", parent: null }).execute();
      throw new Error("the handler refused");
    });
    const results = await Promise.allSettled([first, failing, insert("c")]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(await ids()).toEqual(["a", "c"]);
  });

  test("a read in an open group sees the writes before it, and comes back only after they are committed", async () => {
    const { native, holds, insert } = open();
    const write = insert("a");
    const read = holds.read(async (tx) => (await tx.selectFrom("notes").select("id").execute()).map((row) => row.id));
    const seen = await read;
    expect({ seen, inTransaction: native.inTransaction }).toEqual({ seen: ["a"], inTransaction: false });
    await write;
  });

  test("when the commit fails, every unit of the group fails and nothing of it is kept; the next group works", async () => {
    const { holds, insert, ids, groupsFailed } = open();
    // The dangling parent is only checked at commit (deferred), so the commit itself fails.
    const units = [insert("a"), insert("b", "nobody"), holds.read((tx) => tx.selectFrom("notes").select("id").execute())];
    const results = await Promise.allSettled(units);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/i);
    expect(groupsFailed()).toBe(1);
    expect(await ids()).toEqual([]);
    await insert("c");
    expect(await ids()).toEqual(["c"]);
  });

  test("when SQLite ends the transaction itself inside a unit, the whole group fails", async () => {
    const { holds, insert, ids } = open();
    const first = insert("a");
    const fatal = holds.write(async (tx) => {
      await sql`rollback`.execute(tx); // as SQLite does after a full disk or an I/O error
      throw new Error("disk full");
    });
    const results = await Promise.allSettled([first, fatal, insert("c")]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected", "fulfilled"]);
    expect(await ids()).toEqual(["c"]);
  });

  test("flush commits the open group at once, and the commit it had scheduled then does nothing", async () => {
    const { holds, insert, ids, commits } = open();
    const write = insert("a");
    await holds.flush();
    await write;
    await new Promise((resolve) => setImmediate(resolve));
    expect(commits()).toBe(1);
    expect(await ids()).toEqual(["a"]);
  });

  test("a one-statement unit joins the group, and answers only once it is committed", async () => {
    const { native, statement, insert, ids, commits } = open();
    const done = await Promise.all([insert("a"), statement("b").then((changes) => ({ changes, inTransaction: native.inTransaction })), insert("c")]);
    expect(done).toEqual(["a", { changes: 1, inTransaction: false }, "c"]);
    expect(commits()).toBe(1);
    expect(await ids()).toEqual(["a", "b", "c"]);
  });

  test("a one-statement unit that fails changes nothing and leaves the rest of its group alone", async () => {
    const { statement, insert, ids, groupsFailed } = open();
    await insert("a");
    const results = await Promise.allSettled([insert("b"), statement("a"), statement("c")]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/i);
    expect(groupsFailed()).toBe(0);
    expect(await ids()).toEqual(["a", "b", "c"]);
  });

  test("a read in a group whose writes so far are kept apart neither waits for its commit nor fails with it; a read of what is kept apart does both", async () => {
    const { holds, native, ids, statement } = open();
    const insertApart = native.prepare("insert into notes (id, parent) values (?, ?)");
    // Kept apart, and doomed: its dangling parent fails the group's commit.
    const apart = holds.statement(() => insertApart.run("apart", "nobody").changes, { apart: true });
    const read = holds.read((tx) => tx.selectFrom("notes").select("id").where("id", "!=", "apart").execute());
    const readApart = holds.read((tx) => tx.selectFrom("notes").select("id").execute(), { apart: true });
    const results = await Promise.allSettled([apart, read, readApart]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "fulfilled", "rejected"]);
    expect(await ids()).toEqual([]);
    // Once the group has written data, a later read of it waits and fails with it.
    const doomed = await Promise.allSettled([
      holds.statement(() => insertApart.run("apart-2", null).changes, { apart: true }),
      statement("data", "nobody"),
      holds.read((tx) => tx.selectFrom("notes").select("id").execute()),
    ]);
    expect(doomed.map((result) => result.status)).toEqual(["rejected", "rejected", "rejected"]);
  });

  test("a one-statement unit whose group fails at commit fails too", async () => {
    const { statement, insert, ids } = open();
    const results = await Promise.allSettled([statement("a"), insert("b", "nobody")]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(await ids()).toEqual([]);
  });
});
