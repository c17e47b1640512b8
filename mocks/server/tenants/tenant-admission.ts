/**
 * Which new tenants a hosted server creates (decision 0049). A self-signed certificate costs nothing,
 * so new tenants are bounded, and per client before in all: each network address and each signing key
 * has an hourly allowance of its own, so one client's burst spends its own allowance and not the one
 * every new TPP shares (the server's per-minute bound, and the database's total). The windows are this
 * process's, in memory: they hold only admitted creations, so they never hold more entries than the
 * per-minute bound lets through in an hour.
 */
import { isIPv6 } from "node:net";
import { plainAddress } from "../client-address";
import type { TenantStores } from "./tenant-stores";

export interface AdmissionLimits {
  /** Tenants the sandbox holds at most, counted over every process on the database. */
  maxTenants: number;
  /** New tenants this process creates per minute at most. */
  perMinute: number;
  /** New tenants this process creates per hour at most for one client address (an IPv6 client: its /64). */
  perAddress: number;
  /** New tenants this process creates per hour at most for certificates over one key (SHA-256 of the SubjectPublicKeyInfo). */
  perKey: number;
}

export const DEFAULT_ADMISSION_LIMITS: AdmissionLimits = { maxTenants: 1000, perMinute: 30, perAddress: 20, perKey: 5 };

/** Who asks for a new tenant: where the request came from, and the key that signed it. */
export interface Applicant {
  /** The client's address (client-address.ts); "unknown" when there was no socket to read it from. */
  address: string;
  spkiSha256: string;
  /**
   * What the request must pass before a tenant is made for it, before any bound counts it: it throws to refuse (a
   * replayed request is answered 409 without a tenant made; hosted-routing.ts).
   */
  vet?: () => Promise<void>;
}

/** Why a new tenant was not created: the answer is a 429 with this text. */
export class TenantRefused extends Error {
  override readonly name = "TenantRefused";
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** What the full bound needs of the reclaim (tenant-reclaim.ts): room made now, else when some may be made. */
export interface RoomMaker {
  /** Reclaims the tenants idle long enough now; how many it dropped. */
  makeRoom(): Promise<number>;
  /** When the next idle tenant may be reclaimed (epoch ms, real time), or undefined when none may. */
  nextRoom(): Promise<number | undefined>;
  /** The idle time after which a tenant that did no real work is reclaimed, for the refusal's text. */
  idleMs: number;
}

export interface TenantAdmission {
  /**
   * Admits a new tenant within the bounds, or throws TenantRefused. Its slots are taken before any
   * await and held until its store exists (call the returned function then), so requests arriving at
   * once cannot all pass.
   */
  admit(key: string, applicant: Applicant): Promise<() => void>;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The 16 bits of each of the 8 groups of an IPv6 address (valid, without a zone). */
function ipv6Groups(address: string): number[] {
  let text = address.split("%")[0] ?? "";
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => parseInt(group, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The client a per-address bound counts: an IPv4 address as it is, an IPv6 one by its /64 (one
 * subscriber's network: a client holds every address in it, so counting addresses would count nothing).
 */
export function addressBucket(address: string): string {
  const plain = plainAddress(address);
  if (!isIPv6(plain)) return plain;
  return `${ipv6Groups(plain)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** Creation times in a sliding window, per client. */
class Windows {
  readonly #times = new Map<string, number[]>();
  constructor(readonly spanMs: number) {}

  /** The times of `client` still in the window (the old ones dropped). */
  of(client: string, now: number): number[] {
    const times = this.#times.get(client);
    if (!times) return [];
    while (times.length > 0 && (times[0] ?? 0) <= now - this.spanMs) times.shift();
    if (times.length === 0) this.#times.delete(client);
    return times;
  }
  add(client: string, at: number): void {
    const times = this.#times.get(client) ?? [];
    times.push(at);
    this.#times.set(client, times);
  }
  remove(client: string, at: number): void {
    const times = this.#times.get(client);
    const index = times?.lastIndexOf(at) ?? -1;
    if (index >= 0) times?.splice(index, 1);
  }
  /** Drops every client with nothing left in the window (a client that never comes back). */
  prune(now: number): void {
    for (const client of [...this.#times.keys()]) this.of(client, now);
  }
  /** Seconds until the oldest of `times` leaves the window. */
  waitSeconds(times: number[], now: number): number {
    return Math.max(1, Math.ceil(((times[0] ?? now) + this.spanMs - now) / 1000));
  }
}

const inMinutes = (seconds: number) => (seconds <= 90 ? `${String(seconds)} seconds` : `${String(Math.ceil(seconds / 60))} minutes`);

export interface AdmissionOptions {
  limits: AdmissionLimits;
  stores: Pick<TenantStores, "count" | "records">;
  room?: RoomMaker;
  now?: () => number;
  /** Each admitted tenant, with the client and key it was made for: what an operator reads to find who makes many. */
  log?: (line: string) => void;
}

export function createTenantAdmission(options: AdmissionOptions) {
  const { limits, stores, room } = options;
  const now = options.now ?? Date.now;
  const byAddress = new Windows(HOUR);
  const byKey = new Windows(HOUR);
  const all = new Windows(MINUTE);
  let creating = 0; // admitted, not yet in the stores' count
  let pruned = 0;

  /** The first bound a new tenant of this applicant would pass, in the order a client's own come first; undefined when none. */
  function refusal(key: string, address: string, spki: string, at: number): TenantRefused | undefined {
    const fromAddress = byAddress.of(address, at);
    if (fromAddress.length >= limits.perAddress) {
      const wait = byAddress.waitSeconds(fromAddress, at);
      return new TenantRefused(
        `This hosted sandbox creates at most ${String(limits.perAddress)} new TPP sandboxes an hour for one client address, and yours has had them; ` +
          `yours (tenant ${key}) is created when you try again in ${inMinutes(wait)}. The sandboxes already made from your address go on as before.`,
        wait,
      );
    }
    const fromKey = byKey.of(spki, at);
    if (fromKey.length >= limits.perKey) {
      const wait = byKey.waitSeconds(fromKey, at);
      return new TenantRefused(
        `This hosted sandbox creates at most ${String(limits.perKey)} new TPP sandboxes an hour for certificates over one key, and this certificate's key ` +
          `(SHA-256 of its SubjectPublicKeyInfo ${spki}) has had them; yours (tenant ${key}) is created when you try again in ${inMinutes(wait)}, ` +
          "or sign with the certificate of a sandbox this key has already.",
        wait,
      );
    }
    const lastMinute = all.of("", at);
    if (lastMinute.length >= limits.perMinute) {
      const wait = all.waitSeconds(lastMinute, at);
      return new TenantRefused(
        `This hosted sandbox creates at most ${String(limits.perMinute)} new TPP sandboxes a minute for everyone, and has done so; ` +
          `yours (tenant ${key}) is created when you try again in ${inMinutes(wait)}.`,
        wait,
      );
    }
    return undefined;
  }

  async function full(key: string): Promise<TenantRefused> {
    const next = await room?.nextRoom();
    const base = `This hosted sandbox holds its maximum of ${String(limits.maxTenants)} TPP sandboxes, and yours (tenant ${key}) is not one of them`;
    if (room === undefined || next === undefined) return new TenantRefused(`${base}; ask its operator for room.`);
    const wait = Math.max(1, Math.ceil((next - now()) / 1000));
    return new TenantRefused(
      `${base}. A sandbox that has answered no more than its first request is dropped after ${inMinutes(Math.round(room.idleMs / 1000))} without one, ` +
        `and the next makes room in ${inMinutes(wait)}: try again then, or ask its operator for room.`,
      wait,
    );
  }

  return {
    async admit(key, applicant) {
      const at = now();
      if (at - pruned > MINUTE) {
        pruned = at;
        byAddress.prune(at);
        byKey.prune(at);
      }
      const address = addressBucket(applicant.address);
      const refused = refusal(key, address, applicant.spkiSha256, at);
      if (refused) throw refused;
      byAddress.add(address, at);
      byKey.add(applicant.spkiSha256, at);
      all.add("", at);
      creating++;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        creating--;
      };
      try {
        let existing = await stores.count();
        if (existing + creating > limits.maxTenants && room && (await room.makeRoom()) > 0) existing = await stores.count();
        if (existing + creating > limits.maxTenants) throw await full(key);
        // Recorded before the tenant's store is made: a start that fails half-way is reclaimed like an idle tenant.
        await stores.records.register(key, at);
      } catch (error) {
        // Nothing was created: the slots go back, to this client and to everyone.
        release();
        byAddress.remove(address, at);
        byKey.remove(applicant.spkiSha256, at);
        all.remove("", at);
        throw error;
      }
      options.log?.(`tenant ${key}: new, for client address ${applicant.address} and key ${applicant.spkiSha256}`);
      return release;
    },
  } satisfies TenantAdmission;
}
