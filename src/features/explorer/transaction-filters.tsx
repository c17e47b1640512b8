/** fromDate, toDate and limit of the transaction list; the sandbox checks them, as it would any TPP's. */
import { useState, type SyntheticEvent } from "react";

export interface Filters {
  fromDate: string;
  toDate: string;
  limit: string;
}

export function TransactionFilters({ initial, onApply, busy }: { initial: Filters; onApply: (filters: Filters) => void; busy: boolean }) {
  const [filters, setFilters] = useState(initial);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    onApply(filters);
  };
  const field = (name: keyof Filters, label: string, type: "date" | "number") => (
    <div className="field">
      <label htmlFor={`transactions-${name}`}>
        {label} <span className="optional">(optional)</span>
      </label>
      <input
        id={`transactions-${name}`}
        type={type}
        value={filters[name]}
        {...(type === "number" ? { min: 1, step: 1, inputMode: "numeric" as const } : {})}
        aria-describedby="transactions-filters-hint"
        onChange={(event) => {
          setFilters({ ...filters, [name]: event.target.value });
        }}
      />
    </div>
  );
  return (
    <form className="transaction-filters" onSubmit={submit} aria-label="Filter transactions" noValidate>
      {field("fromDate", "From booking date", "date")}
      {field("toDate", "To booking date", "date")}
      {field("limit", "Page size (limit)", "number")}
      <button type="submit" className="button-primary" disabled={busy}>
        Show transactions
      </button>
      <p id="transactions-filters-hint" className="field-hint filters-hint">
        Empty fields stay out of the query; without a limit the sandbox sends 200 per page.
      </p>
    </form>
  );
}

/** The operation's query for the first page under these filters; empty fields are left out. */
export function firstPageQuery(filters: Filters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.fromDate.trim()) query.fromDate = filters.fromDate.trim();
  if (filters.toDate.trim()) query.toDate = filters.toDate.trim();
  if (filters.limit.trim()) query.limit = filters.limit.trim();
  return query;
}
