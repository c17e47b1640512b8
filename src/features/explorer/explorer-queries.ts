/** What the explorer reads besides the shared customers, accounts and clock queries. */
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { operationById } from "../../contract/operations";
import { portalKeys, sandboxKeys } from "../../lib/query-keys";
import { sandboxControl, sendRequest } from "../../lib/send";
import { readTransactionPage } from "./transaction-page";

/** How many payments the list shows, newest first. */
export const PAYMENT_LIMIT = 100;

export const agreementsQuery = () => queryOptions({ queryKey: sandboxKeys.agreements(), queryFn: () => sandboxControl("sandboxAgreements") });

export const paymentsQuery = () =>
  queryOptions({
    queryKey: [...sandboxKeys.payments(), { limit: PAYMENT_LIMIT }],
    queryFn: () => sandboxControl("sandboxPayments", { query: { limit: String(PAYMENT_LIMIT) } }),
  });

/**
 * One page of an account's transactions, read with the real, signed interface operation, so the
 * request shows in the history and the inspector like any other. It is sent again only when the
 * sandbox changes (invalidation), the page does, or the account's transaction count does: never
 * on focus, never retried on its own.
 */
export function useTransactionPage(accountId: string, query: Record<string, string>, transactionCount: number) {
  const queryClient = useQueryClient();
  // The count is part of the page's identity: a booking seen in the accounts list (which follows every change) reads the page again.
  const pageKey = new URLSearchParams({ ...query, count: String(transactionCount) }).toString();
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
