/**
 * Kysely sends each query as an unnamed statement, which PostgreSQL parses and plans again every time: for the
 * sandbox's key lookups that is most of their cost on the server (about 60 µs of planning against 10 µs of work
 * per lookup, measured with pg_stat_statements; decision 0042). A named statement is parsed once per connection
 * and its plan kept, so each connection of the pool names the queries it sends, by their text.
 *
 * Bounded: a process names at most MAX_NAMED distinct texts (the queries of the code, a few hundred at most; an
 * `in (…)` list of each length is a text of its own), later ones go unnamed, so no connection keeps an unbounded
 * number of statements. Texts with `*` stay unnamed: a kept plan of `select *` fails ("cached plan must not change
 * result type") once a migration adds a column while this process runs (docs/deployment.md, "Upgrades"); a
 * query that names its columns is planned again by PostgreSQL, transparently, after such a change.
 */
import type pg from "pg";

const MAX_NAMED = 500;

type Query = (...args: unknown[]) => unknown;

/** The name for a query's text, the same on every connection of the process; undefined when it stays unnamed. */
export function statementNames(limit = MAX_NAMED): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    const known = names.get(text);
    if (known !== undefined) return known;
    if (names.size >= limit || text.includes("*") || !/^\s*(select|insert|update|delete|with)\b/i.test(text)) return undefined;
    const name = `psd2_${String(names.size + 1)}`;
    names.set(text, name);
    return name;
  };
}

/** Makes `client` send the queries Kysely gives it (a text and its parameters) as named statements. */
export function namePreparedStatements(client: pg.PoolClient, nameOf: (text: string) => string | undefined): void {
  const query = client.query.bind(client) as Query;
  const named: Query = (...args) => {
    const [text, values] = args;
    const name = typeof text === "string" && Array.isArray(values) ? nameOf(text) : undefined;
    return name === undefined ? query(...args) : query({ name, text, values });
  };
  Object.assign(client, { query: named });
}
