/**
 * Who sent a request, as far as a bound per client can tell: the address of the socket, or, when that
 * socket is a reverse proxy the operator named (--trusted-proxy), the address that proxy put in
 * X-Forwarded-For. A client can write X-Forwarded-For itself, so the header counts only from a
 * trusted proxy, and only its entries right of the last trusted hop (docs/deployment.md, "Behind a
 * reverse proxy"). Nothing else reads the header: links, logs and the Host check stay as they were.
 */
import { BlockList, isIP } from "node:net";

export type TrustedProxies = (address: string) => boolean;

/** A network address or a CIDR block: 10.0.0.5, 10.0.0.0/8, ::1, fd00::/8. */
export function parseProxyBlock(text: string): { ok: true; address: string; prefix: number; family: 4 | 6 } | { ok: false; problem: string } {
  const [address = "", prefix, ...rest] = text.trim().split("/");
  const family = isIP(address);
  const bits = family === 4 ? 32 : 128;
  const length = prefix === undefined ? bits : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  if (family === 0 || rest.length > 0 || !(length >= 0 && length <= bits))
    return {
      ok: false,
      problem: `--trusted-proxy takes an IP address or a CIDR block, such as 10.0.0.5 or 10.0.0.0/8; got ${JSON.stringify(text.slice(0, 100))}.`,
    };
  return { ok: true, address, prefix: length, family: family === 4 ? 4 : 6 };
}

/** The address as written by Node for a dual-stack socket (::ffff:10.0.0.5) is the IPv4 one. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped?.[1] ?? address;
}

export function trustedProxies(blocks: readonly string[]): TrustedProxies | undefined {
  if (blocks.length === 0) return undefined;
  const list = new BlockList();
  for (const block of blocks) {
    const parsed = parseProxyBlock(block);
    if (!parsed.ok) throw new Error(parsed.problem);
    list.addSubnet(parsed.address, parsed.prefix, parsed.family === 4 ? "ipv4" : "ipv6");
  }
  return (address) => {
    const plain = plainAddress(address);
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 4 ? "ipv4" : "ipv6");
  };
}

/** One X-Forwarded-For entry without a port (some proxies add one: 203.0.113.7:51234, [2001:db8::1]:443). */
function entryAddress(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  if (bracketed?.[1] !== undefined) return bracketed[1];
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry);
  return withPort?.[1] ?? entry;
}

/**
 * The client's address: the socket's, unless the socket is a trusted proxy; then the rightmost
 * X-Forwarded-For entry that is not itself a trusted proxy (each proxy appends the address it was
 * reached from, so the entries left of that one are the client's to write). "unknown" without a socket.
 */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trusted: TrustedProxies | undefined): string {
  const socket = plainAddress(socketAddress ?? "unknown");
  if (!trusted?.(socket) || forwardedFor === undefined) return socket;
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
    .split(",")
    .map((entry) => entryAddress(entry.trim()))
    .filter((entry) => entry !== "");
  let client = socket;
  for (let index = entries.length - 1; index >= 0; index--) {
    client = plainAddress(entries[index] ?? "");
    if (!trusted(client)) break;
  }
  return client.slice(0, 64);
}
