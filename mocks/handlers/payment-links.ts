/** Hyperlinks of payments and baskets; the SCA link opens the simulated bank at the same origin. */
import type { Link } from "../../src/contract/common-objects";

export type PaymentKind = "payments" | "periodic-payments";
const PRODUCT = "norwegian-domestic-credit-transfers";

export const paymentPath = (kind: PaymentKind, paymentId: string) => `/v1/${kind}/${PRODUCT}/${encodeURIComponent(paymentId)}`;

/** The simulated bank's SCA page for a payment or a basket. */
export const scaPath = (what: "payment" | "basket", id: string) => `/bank/authorize/${what}/${encodeURIComponent(id)}`;

export function paymentLinks(origin: string, kind: PaymentKind, paymentId: string, awaitingSca: boolean): Record<string, Link> {
  const self = `${origin}${paymentPath(kind, paymentId)}`;
  return {
    ...(awaitingSca ? { scaRedirect: { href: `${origin}${scaPath("payment", paymentId)}`, verbs: ["GET"] } } : {}),
    self: { href: self, verbs: ["GET", "DELETE"] },
    status: { href: `${self}/status`, verbs: ["GET"] },
  };
}

export function basketLinks(origin: string, basketId: string, awaitingSca: boolean): Record<string, Link> {
  const self = `${origin}/v1/signing-baskets/${encodeURIComponent(basketId)}`;
  return {
    ...(awaitingSca ? { scaRedirect: { href: `${origin}${scaPath("basket", basketId)}`, verbs: ["GET"] } } : {}),
    self: { href: self, verbs: ["GET", "DELETE"] },
    status: { href: `${self}/status`, verbs: ["GET"] },
  };
}
