/** Which address a per-client bound counts: the socket's, or a trusted proxy's X-Forwarded-For, never a header the client wrote itself. */
import { expect, test } from "vitest";
import { clientAddress, trustedProxies } from "./client-address";

const proxies = trustedProxies(["10.0.0.0/8", "fd00::/8"]);

test.each([
  ["a client straight to the server", "198.51.100.7", undefined, "198.51.100.7"],
  ["a client's own X-Forwarded-For, not through a trusted proxy", "198.51.100.7", "203.0.113.9", "198.51.100.7"],
  ["through a trusted proxy", "10.0.0.5", "203.0.113.9", "203.0.113.9"],
  ["through a trusted proxy on a dual-stack socket", "::ffff:10.0.0.5", "203.0.113.9", "203.0.113.9"],
  ["through two trusted proxies", "10.0.0.5", "203.0.113.9, 10.1.1.1", "203.0.113.9"],
  ["a client that wrote a header before the proxy appended its address", "10.0.0.5", "192.0.2.66, 203.0.113.9", "203.0.113.9"],
  ["a proxy that writes ports", "10.0.0.5", "203.0.113.9:51234", "203.0.113.9"],
  ["an IPv6 client through an IPv6 proxy", "fd00::5", "[2001:db8::7]:443", "2001:db8::7"],
  ["repeated headers, joined", "10.0.0.5", ["192.0.2.66", "203.0.113.9"], "203.0.113.9"],
  ["a trusted proxy without the header", "10.0.0.5", undefined, "10.0.0.5"],
  ["every entry a trusted proxy: the leftmost", "10.0.0.5", "10.2.2.2, 10.1.1.1", "10.2.2.2"],
  ["no socket (it closed)", undefined, undefined, "unknown"],
])("%s", (_what, socket, forwardedFor, client) => {
  expect(clientAddress(socket, forwardedFor, proxies)).toBe(client);
});

test("without trusted proxies the header is never read", () => {
  expect(clientAddress("10.0.0.5", "203.0.113.9", trustedProxies([]))).toBe("10.0.0.5");
  expect(() => trustedProxies(["10.0.0.0/40"])).toThrow(/--trusted-proxy takes an IP address or a CIDR block/);
});
