/**
 * "Export as Playwright test" and "Export as Postman collection" of recorded exchanges (the history's list, or one
 * request of the Traffic view): the generators load only when asked, the file downloads, and the outcome is a
 * sentence saying what went in, or the problem.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Exchange } from "./exchange";
import { exportExchanges, type ExchangeExportFormat as ExportFormat } from "./export-exchanges";

export type { ExportFormat };

export interface ExportState {
  busy?: ExportFormat;
  message?: string;
  problem?: string;
}

export function useExportDownload(): { state: ExportState; run: (format: ExportFormat, exchanges: readonly Exchange[]) => void } {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ExportState>({});
  const run = (format: ExportFormat, exchanges: readonly Exchange[]) => {
    setState({ busy: format });
    exportExchanges(queryClient, format, exchanges).then(
      (message) => {
        setState({ message });
      },
      (error: unknown) => {
        setState({ problem: error instanceof Error ? error.message : String(error) });
      },
    );
  };
  return { state, run };
}
