/**
 * Queries built and compiled once, then run with new values. Kysely builds an operation tree and
 * compiles it to SQL for every call; for the statements nearly every request runs (the request-id
 * claim, the payment upsert), that cost more than the database took to run them (decision 0044).
 *
 * The query is built with a mark in place of each value; the marks are found again among the
 * compiled parameters, so the values go where Kysely put them, however it orders them.
 */
import { CompiledQuery, type Compilable } from "kysely";
import type { Db } from "./db";

const markOf = (name: string) => `\u0000compiled-once:${name}`;

export interface MarkedQuery<Values> {
  sql: string;
  /** The parameters, in the compiled order, for these values. */
  parameters: (values: Values) => unknown[];
}

/** Compiles `build`'s query, built with marks for `names`, on `db`'s dialect. */
export function compileMarked<Values extends Record<string, unknown>>(
  db: Db,
  names: readonly (keyof Values & string)[],
  build: (db: Db, marks: Values) => Compilable,
): MarkedQuery<Values> {
  const marks = Object.fromEntries(names.map((name) => [name, markOf(name)])) as unknown as Values;
  const query = build(db, marks).compile();
  const slots = query.parameters.map((parameter) => {
    const name = names.find((candidate) => markOf(candidate) === parameter);
    if (name === undefined) throw new Error(`compileMarked: a parameter that is none of the values (${String(parameter)}) in ${query.sql}`);
    return name;
  });
  return { sql: query.sql, parameters: (values) => slots.map((name) => values[name]) };
}

/** A query compiled once per dialect (SQLite and PostgreSQL compile the same tree to different SQL), run through Kysely. */
export function compiledOnce<Values extends Record<string, unknown>>(
  names: readonly (keyof Values & string)[],
  build: (db: Db, marks: Values) => Compilable,
): (db: Db, values: Values) => Promise<unknown> {
  const compiled = new WeakMap<object, MarkedQuery<Values>>();
  return async (db, values) => {
    const adapter = db.getExecutor().adapter;
    let query = compiled.get(adapter);
    if (query === undefined) {
      query = compileMarked(db, names, build);
      compiled.set(adapter, query);
    }
    await db.executeQuery(CompiledQuery.raw(query.sql, query.parameters(values)));
  };
}
