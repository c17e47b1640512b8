/**
 * "Export as Playwright test" and "Export as Postman collection" of recorded exchanges (the history's list, or one
 * request of the Traffic view): the generators load only when asked, the file downloads, and the outcome is a
 * sentence saying what went in, or the problem.
 */
import { useState } from "react";
import { downloadText } from "./download";
import type { Exchange } from "./exchange";
import { curlOrigin } from "./settings";

export type ExportFormat = "playwright" | "postman";

export interface ExportState {
  busy?: ExportFormat;
  message?: string;
  problem?: string;
}

async function exportAs(format: ExportFormat, exchanges: readonly Exchange[]): Promise<string> {
  const { exportHistory } = await import("./journey-export/history-export");
  const file = await exportHistory(format, exchanges, curlOrigin());
  downloadText(file.fileName, file.text, file.type);
  return file.summary;
}

export function useExportDownload(): { state: ExportState; run: (format: ExportFormat, exchanges: readonly Exchange[]) => void } {
  const [state, setState] = useState<ExportState>({});
  const run = (format: ExportFormat, exchanges: readonly Exchange[]) => {
    setState({ busy: format });
    exportAs(format, exchanges).then(
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
