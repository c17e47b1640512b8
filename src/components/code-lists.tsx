/**
 * The datalists behind the searchable currency and country inputs: the contract's exact code sets,
 * labelled with names from the browser's own Intl data (nothing extra to download).
 */
import { memo } from "react";
import { countryCodes } from "../contract/countries";
import { currencyCodes } from "../contract/currencies";
import { useAfterFirstRender } from "../lib/use-after-first-render";

export const CURRENCY_LIST_ID = "currency-codes";
export const COUNTRY_LIST_ID = "country-codes";

function namer(type: "currency" | "region") {
  try {
    const names = new Intl.DisplayNames(["en"], { type });
    return (code: string) => names.of(code) ?? code;
  } catch {
    return (code: string) => code;
  }
}

/** Labelled options, built once per page load: 410 Intl lookups are not free. */
let labels: { currencies: [string, string][]; countries: [string, string][] } | undefined;
function codeLabels() {
  if (labels) return labels;
  const currency = namer("currency");
  const region = namer("region");
  labels = {
    currencies: currencyCodes.map((code) => [code, `${code} — ${currency(code)}`]),
    countries: countryCodes.map((code) => [code, `${code} — ${region(code)}`]),
  };
  return labels;
}

/**
 * Rendered once: it takes no props and its lists never change. The 410 options are invisible until
 * a field is used, so they arrive in a transition after the form's first paint, not before it.
 */
export const CodeLists = memo(function CodeLists() {
  if (!useAfterFirstRender()) return null;
  const { currencies, countries } = codeLabels();
  return (
    <>
      <datalist id={CURRENCY_LIST_ID}>
        {currencies.map(([code, label]) => (
          <option key={code} value={code} label={label} />
        ))}
      </datalist>
      <datalist id={COUNTRY_LIST_ID}>
        {countries.map(([code, label]) => (
          <option key={code} value={code} label={label} />
        ))}
      </datalist>
    </>
  );
});
