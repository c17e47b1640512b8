import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FieldShell } from "../../components/field-shell";
import { customersQuery } from "../../lib/sandbox-queries";
import { updateSettings, useSettings } from "../../lib/settings";

/** The PSU the console's forms start with: one of the sandbox's customers. */
export function DefaultPsuSection() {
  const settings = useSettings();
  const customers = useQuery(customersQuery());
  const [saved, setSaved] = useState("");
  const list = customers.data ?? [];
  const known = list.some((customer) => customer.psuId === settings.psuId);
  const hint = customers.isError
    ? `The sandbox's customers could not be read: ${customers.error.message}`
    : `Prefills PSU-ID (and the customer's accounts) in the console; saved as soon as you choose. PSU-ID now: ${settings.psuId}.`;

  return (
    <section className="settings-section" aria-labelledby="default-psu">
      <h2 id="default-psu">Default PSU</h2>
      <div className="panel settings-form">
        <FieldShell id="default-psu-select" label="Customer the forms start with" hint={hint}>
          {(describedBy) => (
            <select
              id="default-psu-select"
              value={settings.psuId}
              disabled={customers.isPending}
              aria-describedby={describedBy}
              onChange={(event) => {
                const customer = list.find((candidate) => candidate.psuId === event.target.value);
                updateSettings({ psuId: event.target.value });
                setSaved(customer ? `Forms now start with ${customer.name}.` : "Saved.");
              }}
            >
              {customers.isPending ? <option value={settings.psuId}>Loading the sandbox’s customers…</option> : null}
              {!customers.isPending && !known ? <option value={settings.psuId}>Not in the sandbox now: {settings.psuId}</option> : null}
              {list.map((customer) => (
                <option key={customer.psuId} value={customer.psuId}>
                  {customer.name} ({customer.kind}, {customer.customerNumber})
                </option>
              ))}
            </select>
          )}
        </FieldShell>
        <p role="status" className="settings-status">
          {saved}
        </p>
      </div>
    </section>
  );
}
