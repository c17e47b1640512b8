/**
 * "Export as Playwright test" / "Export as Postman collection" of exchanges (the history's list, or one received
 * request of the traffic): the file downloaded, and its summary to show. The sandbox's data is read so that the export
 * replaces it by values of its own setup (issue 27, point 4e); the generators load only when asked.
 */
import type { QueryClient } from "@tanstack/react-query";
import { downloadText } from "./download";
import type { Exchange } from "./exchange";
import { accountsQuery, clockQuery, customersQuery } from "./sandbox-queries";
import { curlOrigin } from "./settings";

export type ExchangeExportFormat = "playwright" | "postman";

export async function exportExchanges(queryClient: QueryClient, format: ExchangeExportFormat, exchanges: readonly Exchange[]): Promise<string> {
  const [{ exportHistory }, accounts, customers, clock] = await Promise.all([
    import("./journey-export/history-export"),
    queryClient.query(accountsQuery()),
    queryClient.query(customersQuery()),
    queryClient.query(clockQuery()),
  ]);
  const file = await exportHistory(format, exchanges, curlOrigin(), { accounts, customers, today: clock.today });
  downloadText(file.fileName, file.text, file.type);
  return file.summary;
}
