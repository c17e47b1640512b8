/**
 * Transaction-list pages as sent, kept until the store next commits. A TPP back end polls the same
 * page until something changes; while nothing has, the page is the same text, so it is answered
 * without a store read, a JSON parse per row or a serialization (docs/standalone-server.md,
 * "Throughput"). Every commit, import, restore and clear of the store empties it (the store's
 * `onCommit`), so it can only hold what a fresh read would give.
 *
 * Only for a store this process alone writes: the server's SQLite file is locked EXCLUSIVE. The
 * browser's IndexedDB is shared by tabs whose commits this tab does not see, so it has no cache.
 */
import type { SandboxStore } from "../store/port";

export interface CachedPage {
  bodyJson: string;
  headers: Record<string, string>;
}

export interface PageCache {
  get(key: string): CachedPage | undefined;
  /** Keeps `page` unless the store committed since `revision` (the value `revision()` had when its read began). */
  set(key: string, page: CachedPage, revision: number): void;
  /** Counts commits: a read notes it before it starts. */
  revision(): number;
}

export interface PageCacheLimits {
  /** Characters of page text held at most (about twice as many bytes in V8's two-byte strings at worst). */
  maxChars: number;
  maxPages: number;
}

const DEFAULT_LIMITS: PageCacheLimits = { maxChars: 8_000_000, maxPages: 256 };

export function createPageCache(store: Pick<SandboxStore, "onCommit">, limits: PageCacheLimits = DEFAULT_LIMITS): PageCache {
  const pages = new Map<string, CachedPage>();
  let chars = 0;
  let revision = 0;
  store.onCommit(() => {
    revision += 1;
    pages.clear();
    chars = 0;
  });
  const evictOldest = () => {
    const oldest = pages.entries().next();
    if (oldest.done) return;
    pages.delete(oldest.value[0]);
    chars -= oldest.value[1].bodyJson.length;
  };
  return {
    get: (key) => pages.get(key),
    set(key, page, readAt) {
      // A commit landed while this page was read: it may hold either side of it, so it is not kept.
      if (readAt !== revision || page.bodyJson.length > limits.maxChars) return;
      const earlier = pages.get(key);
      if (earlier) {
        pages.delete(key);
        chars -= earlier.bodyJson.length;
      }
      while (pages.size > 0 && (pages.size >= limits.maxPages || chars + page.bodyJson.length > limits.maxChars)) evictOldest();
      pages.set(key, page);
      chars += page.bodyJson.length;
    },
    revision: () => revision,
  };
}
