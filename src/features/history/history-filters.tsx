/** The search box and the status filter; their state lives in the address, not here. */
import { STATUS_FILTERS, type HistoryFilter, type StatusFilter } from "./search";

const LABELS: Record<StatusFilter, string> = { all: "All", "2xx": "2xx", "4xx": "4xx", "5xx": "5xx", none: "No answer" };

export function HistoryFilters({ filter, onChange }: { filter: HistoryFilter; onChange: (next: HistoryFilter) => void }) {
  return (
    <form
      role="search"
      aria-label="Search the history"
      className="history-filters"
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <div className="field history-search">
        <label htmlFor="history-q">Search</label>
        <input
          id="history-q"
          type="search"
          value={filter.q}
          autoComplete="off"
          spellCheck={false}
          aria-describedby="history-q-hint"
          onChange={(event) => {
            onChange({ ...filter, q: event.target.value });
          }}
        />
        <p id="history-q-hint" className="field-hint">
          Method, path, operation, status, X-Request-ID, request or response body. Every word must match.
        </p>
      </div>
      <fieldset className="history-status-filter segmented-filter">
        <legend>Status</legend>
        {STATUS_FILTERS.map((status) => (
          <label key={status}>
            <input
              type="radio"
              name="history-status"
              value={status}
              checked={filter.status === status}
              onChange={() => {
                onChange({ ...filter, status });
              }}
            />
            <span>{LABELS[status]}</span>
          </label>
        ))}
      </fieldset>
    </form>
  );
}
