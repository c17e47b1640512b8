/**
 * Hyperlinks of payments and baskets, as the sandbox answers them and the reference's examples show
 * them; the SCA link opens the simulated bank at the same origin.
 */
import type { Link } from "./common-objects";
import { hrefOf, scaPath } from "./paths";

export type PaymentKind = "payments" | "periodic-payments";

/** `tenant`: the TPP's sandbox on a hosted server, which the bank page (opened without the TPP's certificate) must be told. */
export function paymentLinks(origin: string, kind: PaymentKind, paymentId: string, awaitingSca: boolean, tenant?: string): Record<string, Link> {
  const single = kind === "payments";
  return {
    ...(awaitingSca ? { scaRedirect: { href: `${origin}${scaPath("payment", paymentId, tenant)}`, verbs: ["GET"] } } : {}),
    self: { href: `${origin}${hrefOf(single ? "getPayment" : "getPeriodicPayment", { paymentId })}`, verbs: ["GET", "DELETE"] },
    status: { href: `${origin}${hrefOf(single ? "getPaymentStatus" : "getPeriodicPaymentStatus", { paymentId })}`, verbs: ["GET"] },
  };
}

export function basketLinks(origin: string, basketId: string, awaitingSca: boolean, tenant?: string): Record<string, Link> {
  return {
    ...(awaitingSca ? { scaRedirect: { href: `${origin}${scaPath("basket", basketId, tenant)}`, verbs: ["GET"] } } : {}),
    self: { href: `${origin}${hrefOf("getSigningBasket", { basketId })}`, verbs: ["GET", "DELETE"] },
    status: { href: `${origin}${hrefOf("getSigningBasketStatus", { basketId })}`, verbs: ["GET"] },
  };
}
