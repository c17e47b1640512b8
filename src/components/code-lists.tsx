/**
 * The datalists behind the searchable currency and country inputs: the contract's exact code sets,
 * labelled with names from the browser's own Intl data (nothing extra to download).
 */
import { countryCodes } from "../contract/countries";
import { currencyCodes } from "../contract/currencies";

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

export function CodeLists() {
  const currency = namer("currency");
  const region = namer("region");
  return (
    <>
      <datalist id={CURRENCY_LIST_ID}>
        {currencyCodes.map((code) => (
          <option key={code} value={code} label={`${code} — ${currency(code)}`} />
        ))}
      </datalist>
      <datalist id={COUNTRY_LIST_ID}>
        {countryCodes.map((code) => (
          <option key={code} value={code} label={`${code} — ${region(code)}`} />
        ))}
      </datalist>
    </>
  );
}
