/**
 * The rows every request reads and few requests write (meta values, customers, accounts), kept as
 * their JSON text, for a database this process alone writes: the server's SQLite file is locked
 * EXCLUSIVE (sqlite.ts), so nothing changes a row behind the adapter's back. A signed payment
 * creation read six such rows, each a statement that cost more than its answer.
 *
 * A unit of work sees the cache through a view. A write marks what it changes ("dirty"): from then
 * on the view reads those rows from the database (the transaction's own, uncommitted state) and
 * keeps nothing of them, and when the unit ends (committed or rolled back) they are dropped from
 * the cache, so it only ever holds committed rows. Units never overlap on the one connection, so no
 * other unit reads between a write and the end of its unit. PostgreSQL, written by other processes
 * too, has no cache.
 */

/** What a row is filed under: its table (or meta key), and the value looked up by. */
export type CachedKind = "customers" | "accounts" | `meta:${string}`;

/** Rows kept per kind at most; past that the kind starts over (an imported sandbox may have many accounts). */
const MAX_ROWS_PER_KIND = 4096;

export interface RowCacheView {
  /** The row's JSON text (undefined: no such row), from the cache or, once, from `load`. */
  read(kind: CachedKind, key: string, load: () => Promise<string | undefined>): Promise<string | undefined>;
  /** This unit changes rows of `kind`: read them from the database from now on. */
  changed(kind: CachedKind): void;
  /** The unit has ended: what it changed is forgotten. */
  end(): void;
}

export interface RowCache {
  view(): RowCacheView;
  /** Everything forgotten (an import, restore or clear replaced the tables). */
  clear(): void;
}

/** `null` remembers that there is no such row. */
type Rows = Map<string, string | null>;

export function createRowCache(): RowCache {
  const kinds = new Map<CachedKind, Rows>();
  const rowsOf = (kind: CachedKind): Rows => {
    let rows = kinds.get(kind);
    if (rows === undefined) {
      rows = new Map();
      kinds.set(kind, rows);
    }
    return rows;
  };
  return {
    clear: () => kinds.clear(),
    view() {
      const dirty = new Set<CachedKind>();
      return {
        async read(kind, key, load) {
          const rows = rowsOf(kind);
          const known = rows.get(key);
          if (known !== undefined) return known ?? undefined;
          const loaded = await load();
          // A write of this kind may have started while the row was read: the row may be the unit's own.
          if (!dirty.has(kind)) {
            if (rows.size >= MAX_ROWS_PER_KIND) rows.clear();
            rows.set(key, loaded ?? null);
          }
          return loaded;
        },
        changed(kind) {
          dirty.add(kind);
          kinds.delete(kind);
        },
        end() {
          for (const kind of dirty) kinds.delete(kind);
          dirty.clear();
        },
      };
    },
  };
}
