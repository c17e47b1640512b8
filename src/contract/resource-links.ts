/**
 * Hyperlinks of payments and baskets, as the sandbox answers them and the reference's examples show
 * them; the SCA link opens the simulated bank at the same origin.
 */
import type { Link } from "./common-objects";
import { hrefOf, scaPath } from "./paths";

export type PaymentKind = "payments" | "periodic-payments";

export function paymentLinks(origin: string, kind: PaymentKind, paymentId: string, awaitingSca: boolean): Record<string, Link> {
  const single = kind === "payments";
  return {
    ...(awaitingSca ? { scaRedirect: { href: `${origin}${scaPath("payment", paymentId)}`, verbs: ["GET"] } } : {}),
    self: { href: `${origin}${hrefOf(single ? "getPayment" : "getPeriodicPayment", { paymentId })}`, verbs: ["GET", "DELETE"] },
    status: { href: `${origin}${hrefOf(single ? "getPaymentStatus" : "getPeriodicPaymentStatus", { paymentId })}`, verbs: ["GET"] },
  };
}

export function basketLinks(origin: string, basketId: string, awaitingSca: boolean): Record<string, Link> {
  return {
    ...(awaitingSca ? { scaRedirect: { href: `${origin}${scaPath("basket", basketId)}`, verbs: ["GET"] } } : {}),
    self: { href: `${origin}${hrefOf("getSigningBasket", { basketId })}`, verbs: ["GET", "DELETE"] },
    status: { href: `${origin}${hrefOf("getSigningBasketStatus", { basketId })}`, verbs: ["GET"] },
  };
}
