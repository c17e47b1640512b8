// Types for ensure-runtimes.mjs, so the snippet tests can import it.

export type RuntimeName = "bash" | "curl" | "openssl" | "node" | "python" | "java" | "go";

export interface Runtime {
  name: RuntimeName;
  find: () => string | null;
  /** Debian packages that provide it. */
  packages: string[];
}

export const RUNTIMES: Runtime[];

/** The command of each runtime, or null where it is missing. Installs nothing. */
export function findRuntimes(): Record<RuntimeName, string | null>;

/** Finds every runtime, installing the missing ones from Debian. */
export function ensureRuntimes(): { found: Record<RuntimeName, string | null>; missing: RuntimeName[] };
