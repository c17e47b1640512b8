/** The two export buttons of recorded requests (the history's list, a request of the Traffic view); each says when it is busy. */
import type { Exchange } from "../lib/exchange";
import type { ExportFormat, ExportState } from "../lib/use-export-download";

const LABELS: Record<ExportFormat, string> = { playwright: "Export as Playwright test", postman: "Export as Postman collection" };

interface Props {
  exchanges: readonly Exchange[];
  state: ExportState;
  run: (format: ExportFormat, exchanges: readonly Exchange[]) => void;
}

export function ExportButtons({ exchanges, state, run }: Props) {
  return (["playwright", "postman"] as const).map((format) => (
    <button
      key={format}
      type="button"
      disabled={exchanges.length === 0 || state.busy !== undefined}
      onClick={() => {
        run(format, exchanges);
      }}
    >
      {state.busy === format ? "Exporting…" : LABELS[format]}
    </button>
  ));
}
