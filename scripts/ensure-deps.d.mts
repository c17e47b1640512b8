interface Lockfile {
  packages?: Record<string, { version?: string; integrity?: string; optional?: boolean }>;
}
export function installMatchesLock(lock: Lockfile | undefined, installed: Lockfile | undefined): boolean;
