/**
 * The headers of a stored request that go again when it is sent anew (a replay, curl, the console):
 * what the signature covers (Digest, Signature, the certificate), the X-Request-ID and the headers
 * set per send (Host, Date) are left for the next signing; everything else goes as it was.
 */
import type { Exchange } from "./exchange";

const RENEWED = ["digest", "signature", "tpp-signature-certificate", "x-request-id", "host", "date", "content-length"];

type Stored = Pick<Exchange, "request" | "unsentHeaders">;

/** The headers to send again, in their order, with a fresh X-Request-ID where the old one stood. */
export function reusableHeaders(exchange: Stored, requestId: string): Record<string, string> {
  const headers: Record<string, string> = {};
  let placed = false;
  for (const [name, value] of Object.entries({ ...exchange.request.headers, ...exchange.unsentHeaders })) {
    const lower = name.toLowerCase();
    if (lower === "x-request-id" && !placed) {
      headers["X-Request-ID"] = requestId;
      placed = true;
    }
    if (!RENEWED.includes(lower)) headers[name] = value;
  }
  if (!placed) headers["X-Request-ID"] = requestId;
  return headers;
}
