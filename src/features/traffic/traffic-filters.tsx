/** The Traffic view's filters: status class, operation (the controls' reads left out unless asked), TPP and time. Their state lives in the address. */
import { routes } from "../../contract/paths";
import { emptyWindow, NO_FILTER, STATUS_FILTERS, type StatusFilter, type TrafficFilter } from "./traffic-filter";

const STATUS_LABELS: Record<StatusFilter, string> = { "": "All", "2xx": "2xx", "3xx": "3xx", "4xx": "4xx", "401": "401 signature", "5xx": "5xx" };
const OPERATION_IDS = routes.map((route) => route.id).sort((a, b) => a.localeCompare(b));

interface Props {
  filter: TrafficFilter;
  onChange: (next: TrafficFilter) => void;
  /** The TPPs seen so far: certificate SHA-256 → name. */
  tpps: ReadonlyMap<string, string>;
}

export function TrafficFilters({ filter, onChange, tpps }: Props) {
  const set = (change: Partial<TrafficFilter>) => {
    onChange({ ...filter, ...change });
  };
  const windowProblem = emptyWindow(filter);
  return (
    <form
      role="search"
      aria-label="Filter the traffic"
      className="traffic-filters"
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <fieldset className="segmented-filter">
        <legend>Status</legend>
        {STATUS_FILTERS.map((status) => (
          <label key={status}>
            <input
              type="radio"
              name="traffic-status"
              value={status}
              checked={filter.status === status}
              onChange={() => {
                set({ status });
              }}
            />
            <span>{STATUS_LABELS[status]}</span>
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="traffic-operation">Operation</label>
        <select
          id="traffic-operation"
          value={filter.operation}
          onChange={(event) => {
            set({ operation: event.target.value });
          }}
        >
          <option value="">Any operation</option>
          {OPERATION_IDS.map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
        <label className="switch">
          <input
            type="checkbox"
            checked={filter.controlReads === "include"}
            onChange={(event) => {
              set({ controlReads: event.target.checked ? "include" : "" });
            }}
          />{" "}
          Show the sandbox controls’ reads (mostly this portal’s own)
        </label>
      </div>
      <div className="field">
        <label htmlFor="traffic-tpp">TPP</label>
        <select
          id="traffic-tpp"
          value={filter.tpp}
          aria-describedby="traffic-tpp-hint"
          onChange={(event) => {
            set({ tpp: event.target.value });
          }}
        >
          <option value="">Every client</option>
          {[...tpps].map(([sha256, name]) => (
            <option key={sha256} value={sha256}>
              {name} · {sha256.slice(0, 8)}…
            </option>
          ))}
          {filter.tpp !== "" && !tpps.has(filter.tpp) ? <option value={filter.tpp}>Certificate {filter.tpp.slice(0, 8)}…</option> : null}
        </select>
        <p id="traffic-tpp-hint" className="field-hint">
          By certificate (SHA-256), among those seen here.
        </p>
      </div>
      <div className="field">
        <label htmlFor="traffic-since">From (Oslo time)</label>
        <input
          id="traffic-since"
          type="datetime-local"
          value={filter.since}
          onChange={(event) => {
            set({ since: event.target.value });
          }}
        />
      </div>
      <div className="field">
        <label htmlFor="traffic-until">Until (Oslo time)</label>
        <input
          id="traffic-until"
          type="datetime-local"
          value={filter.until}
          aria-invalid={windowProblem !== undefined || undefined}
          aria-describedby={windowProblem === undefined ? undefined : "traffic-window-error"}
          onChange={(event) => {
            set({ until: event.target.value });
          }}
        />
        {windowProblem === undefined ? null : (
          <p id="traffic-window-error" className="field-error">
            {windowProblem}
          </p>
        )}
      </div>
      <button
        type="button"
        className="button-small"
        disabled={JSON.stringify(filter) === JSON.stringify(NO_FILTER)}
        onClick={() => {
          onChange(NO_FILTER);
        }}
      >
        Clear filters
      </button>
    </form>
  );
}
