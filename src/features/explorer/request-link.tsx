/** A link to the history entry of the signed request an action sent, when it sent one. */
import { Link } from "wouter";

export function RequestLink({ exchangeId }: { exchangeId?: string | undefined }) {
  return exchangeId ? <Link href={`/history/${exchangeId}`}>See the request</Link> : null;
}
