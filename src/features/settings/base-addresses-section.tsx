import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FieldShell } from "../../components/field-shell";
import { baseUrl, defaultSettings, getSettings, updateSettings, useSettings } from "../../lib/settings";
import { baseAddressesSchema, type BaseAddresses, type BaseAddressesInput } from "./base-address";

const fields = [
  { name: "apiBase", label: "{base_url}", what: "the payment operations (/v1/payments…, /v1/signing-baskets…)" },
  { name: "sandboxBase", label: "{sandbox_base_url}", what: "the sandbox operations (/v1/sandbox/…)" },
] as const;

const current = (): BaseAddressesInput => {
  const { apiBase, sandboxBase, curlBase } = getSettings();
  return { apiBase, sandboxBase, curlBase };
};

/** Where the portal sends its requests, and where "Copy as curl" points. */
export function BaseAddressesSection() {
  const settings = useSettings();
  const form = useForm<BaseAddressesInput, unknown, BaseAddresses>({ resolver: zodResolver(baseAddressesSchema), defaultValues: current(), mode: "onTouched" });
  const { register, handleSubmit, formState, reset } = form;
  const [saved, setSaved] = useState("");
  const error = (name: keyof BaseAddressesInput) => formState.errors[name]?.message;
  const save = (values: BaseAddresses) => {
    updateSettings(values);
    reset(values);
    setSaved("Saved. Requests from now on go to the addresses shown as “in effect”.");
  };
  const restore = () => {
    const values = { apiBase: defaultSettings.apiBase, sandboxBase: defaultSettings.sandboxBase, curlBase: defaultSettings.curlBase };
    updateSettings(values);
    reset(values);
    setSaved("Back to the defaults: this portal’s origin, and curl to the standalone sandbox server.");
  };

  return (
    <section className="settings-section" aria-labelledby="base-addresses">
      <h2 id="base-addresses">Base addresses</h2>
      <p>
        Empty means this portal’s own origin, where the in-browser sandbox answers. Pointing an address elsewhere sends the portal’s requests there, signed with
        your certificate: that server must allow this origin (CORS), including the <code>Signature</code>, <code>Digest</code> and{" "}
        <code>TPP-Signature-Certificate</code> request headers.
      </p>
      <form className="panel settings-form" onSubmit={handleSubmit(save)} noValidate aria-labelledby="base-addresses">
        {fields.map((field) => (
          <FieldShell
            key={field.name}
            id={`base-${field.name}`}
            label={<code>{field.label}</code>}
            error={error(field.name)}
            hint={`For ${field.what}. In effect: ${baseUrl(field.name === "apiBase" ? "api" : "sandbox", settings)}${settings[field.name] ? "" : " (this portal)"}.`}
          >
            {(describedBy) => (
              <input id={`base-${field.name}`} type="text" inputMode="url" autoComplete="off" spellCheck={false} placeholder="Empty: this portal’s origin" aria-describedby={describedBy} aria-invalid={error(field.name) ? true : undefined} {...register(field.name)} />
            )}
          </FieldShell>
        ))}
        <FieldShell
          id="base-curlBase"
          label="curl target"
          required
          error={error("curlBase")}
          hint={`Where “Copy as curl” commands send. The default ${defaultSettings.curlBase} is the standalone sandbox server (npm run sandbox). In effect: ${settings.curlBase}.`}
        >
          {(describedBy) => (
            <input id="base-curlBase" type="text" inputMode="url" autoComplete="off" spellCheck={false} aria-describedby={describedBy} aria-invalid={error("curlBase") ? true : undefined} {...register("curlBase")} />
          )}
        </FieldShell>
        <div className="form-actions">
          <button type="submit" className="button-primary">Save addresses</button>
          <button type="button" onClick={restore}>Restore the defaults</button>
          <span role="status" className="settings-status">{formState.isDirty ? "" : saved}</span>
        </div>
      </form>
    </section>
  );
}
