/** queryOptions for what the explorer, forms and bank page read from the sandbox controls. */
import { queryOptions } from "@tanstack/react-query";
import type { SandboxAccount } from "../contract/sandbox";
import { sandboxKeys } from "./query-keys";
import { sandboxControl } from "./send";

export interface Customer {
  customerNumber: string;
  kind: "private" | "corporate";
  psuId: string;
  name: string;
}

export type ExplorerAccount = SandboxAccount & { transactionCount: number };

export interface Clock {
  now: string;
  today: string;
  offsetMs: number;
  lastBatchRunAt: string | null;
  nextBatchRunAt: string;
  batchTimes: string[];
}

export const customersQuery = () => queryOptions({ queryKey: sandboxKeys.customers(), queryFn: () => sandboxControl<Customer[]>("GET", "/__sandbox/customers") });
export const accountsQuery = () => queryOptions({ queryKey: sandboxKeys.accounts(), queryFn: () => sandboxControl<ExplorerAccount[]>("GET", "/__sandbox/accounts") });
export const clockQuery = () =>
  queryOptions({ queryKey: sandboxKeys.clock(), queryFn: () => sandboxControl<Clock>("GET", "/__sandbox/clock"), refetchInterval: 30_000 });
