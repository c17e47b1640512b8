/** The answer's _links as the next steps the console offers: each to the console of the operation it names. */
import type { OperationId } from "../../contract/operations";
import { isControlRoute, matchOperation } from "../../contract/paths";

interface LinkObject {
  href: string;
}

export function nextSteps(body: string): [string, string][] {
  try {
    const links = (JSON.parse(body) as { _links?: Record<string, LinkObject> })._links ?? {};
    return Object.entries(links).map(([name, link]) => [name, link.href]);
  } catch {
    return [];
  }
}

/** What a link to each readable operation offers; its target is that operation's console. */
const linkLabels: Partial<Record<OperationId, string>> = {
  getPayment: "Get the payment",
  getPaymentStatus: "Get the status",
  getPeriodicPayment: "Get the payment",
  getPeriodicPaymentStatus: "Get the status",
  getSigningBasket: "Get the basket",
  getSigningBasketStatus: "Get the basket status",
  listSandboxTransactions: "List its transactions",
};

/** Where a link of the interface leads inside the portal. */
export function portalTarget(name: string, href: string): { to: string; label: string } | undefined {
  const url = new URL(href, location.origin);
  if (name === "scaRedirect") return { to: url.pathname, label: "Open the bank to authorise (SCA)" };
  const match = matchOperation("GET", url.pathname, { only: "interface", anyPrefix: true });
  if (match.kind !== "found" || isControlRoute(match.route)) return undefined;
  const label = linkLabels[match.route.id];
  return label ? { to: `/try/${match.route.id}?${new URLSearchParams(match.params).toString()}`, label } : undefined;
}
