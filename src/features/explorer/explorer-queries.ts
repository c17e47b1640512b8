/** What the explorer reads besides the shared customers, accounts and clock queries. */
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { operationById } from "../../contract/operations";
import { portalKeys, sandboxKeys } from "../../lib/query-keys";
import { sandboxControl, sendRequest } from "../../lib/send";
import { readTransactionPage } from "./transaction-page";

export interface Agreement {
  agreementId: string;
  customerNumber: string;
  accountIds: string[];
}

export interface AccountReference {
  bban?: string;
  iban?: string;
}

export interface StatusChange {
  status: string;
  at: number;
  reason?: string;
}

export interface ExplorerPayment {
  paymentId: string;
  product: "single" | "periodic";
  transactionStatus: string;
  fundsAvailable?: boolean;
  customerNumber: string;
  debtorAccountId: string;
  creditorAccountId?: string;
  basketId?: string;
  statusHistory: StatusChange[];
  createdAt: number;
  executionDate?: string;
  nextExecutionDates?: string[];
  request: {
    instructedAmount: { amount: string; currency: string };
    creditorName: string;
    creditorAccount: AccountReference;
    debtorAccount: AccountReference;
    remittanceInformationUnstructured?: string;
    requestedExecutionDate?: string;
    startDate?: string;
    endDate?: string;
    frequency?: string;
    dayOfExecution?: string;
    executionRule?: string;
    monthsOfExecution?: number[];
  };
}

/** How many payments the list shows, newest first. */
export const PAYMENT_LIMIT = 100;

export const agreementsQuery = () =>
  queryOptions({ queryKey: sandboxKeys.agreements(), queryFn: () => sandboxControl<Agreement[]>("GET", "/__sandbox/agreements") });

export const paymentsQuery = () =>
  queryOptions({
    queryKey: [...sandboxKeys.payments(), { limit: PAYMENT_LIMIT }],
    queryFn: () => sandboxControl<ExplorerPayment[]>("GET", `/__sandbox/payments?limit=${String(PAYMENT_LIMIT)}`),
  });

/**
 * One page of an account's transactions, read with the real, signed interface operation, so the
 * request shows in the history and the inspector like any other. It is sent again only when the
 * sandbox changes (invalidation) or the page does: never on focus, never retried on its own.
 */
export function useTransactionPage(accountId: string, query: Record<string, string>) {
  const queryClient = useQueryClient();
  const pageKey = new URLSearchParams(query).toString();
  return useQuery({
    queryKey: sandboxKeys.transactions(accountId, pageKey),
    queryFn: async () => {
      const exchange = await sendRequest({
        operation: operationById("listSandboxTransactions"),
        params: { mockAccountId: accountId },
        query,
        headers: { "X-Request-ID": crypto.randomUUID() },
      });
      void queryClient.invalidateQueries({ queryKey: portalKeys.history() });
      return readTransactionPage(exchange);
    },
    enabled: accountId !== "",
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
