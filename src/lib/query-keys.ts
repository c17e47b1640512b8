/**
 * Query keys of the portal's server state. Everything the sandbox holds lives under "sandbox", so
 * one invalidation after any change refreshes every view of it; the history is the portal's own.
 */
export const sandboxKeys = {
  all: ["sandbox"] as const,
  customers: () => [...sandboxKeys.all, "customers"] as const,
  accounts: () => [...sandboxKeys.all, "accounts"] as const,
  agreements: () => [...sandboxKeys.all, "agreements"] as const,
  payments: () => [...sandboxKeys.all, "payments"] as const,
  payment: (id: string) => [...sandboxKeys.all, "payments", id] as const,
  transactions: (accountId: string, page: string) => [...sandboxKeys.all, "transactions", accountId, page] as const,
  clock: () => [...sandboxKeys.all, "clock"] as const,
  settings: () => [...sandboxKeys.all, "settings"] as const,
  scenarios: () => [...sandboxKeys.all, "scenarios"] as const,
  sca: (subject: string, id: string) => [...sandboxKeys.all, "sca", subject, id] as const,
  /** The traffic record (decision 0062): read again on the sandbox's traffic news, not on its changes. */
  traffic: () => [...sandboxKeys.all, "traffic"] as const,
  trafficPages: (filter: Record<string, string>) => [...sandboxKeys.traffic(), "pages", filter] as const,
  /** One record whole: never changes once written, so never read again. */
  trafficRecord: (id: string) => [...sandboxKeys.traffic(), "record", id] as const,
};

export const portalKeys = {
  history: () => ["portal", "history"] as const,
  exchange: (id: string) => ["portal", "history", id] as const,
  credentials: () => ["portal", "credentials"] as const,
  /** A Markdown file of docs/, by its address. */
  document: (url: string) => ["portal", "docs", url] as const,
};
