/**
 * Take-aways that stand alone (issue 27, point 4): the code, the Playwright spec and the Postman
 * collections are made from a request the portal filled with the data of the sandbox it works with
 * (Kari's PSU-ID, her account number, Ola's name, today). Run elsewhere, or another day, those values
 * name nothing. So every such value is replaced by a `{{variable}}` that the take-away fills when it
 * runs: customers and accounts made by its own setup step (numbers from the identity generator), dates
 * computed in Oslo, and ids only the user can know (a payment's id) read from the environment.
 */
import type { Customer, ExplorerAccount } from "../../contract/control-schemas";
import { firstOfMonthAfter, osloToday } from "../../contract/example-dates";
import { hrefOf } from "../../contract/paths";

/** What the portal knew when it made the take-away: the sandbox's customers and accounts, and its day. */
export interface DataContext {
  accounts: readonly Pick<ExplorerAccount, "resourceId" | "bban" | "iban" | "currency" | "customerNumber">[];
  customers: readonly Pick<Customer, "customerNumber" | "kind" | "psuId" | "name">[];
  /** The sandbox's day (its clock may be ahead of the real one). */
  today: string;
}

/** A customer the setup makes: `{{<key>Number}}`, `{{<key>PsuId}}` and `{{<key>Name}}`. */
export interface OwnCustomer {
  key: string;
  kind: Customer["kind"];
}
/** An account the setup opens for one of them: `{{<key>Bban}}`, `{{<key>Iban}}`, `{{<key>Id}}`; `body` is the creation's, with `{{<owner>Number}}`. */
export interface OwnAccount {
  key: string;
  owner: string;
  body: string;
}
/** A value only the user knows (a payment's id): `{{<variable>}}`, read from the environment variable `env`. */
export interface UserValue {
  variable: string;
  env: string;
}

export interface OwnData {
  customers: readonly OwnCustomer[];
  accounts: readonly OwnAccount[];
  /** `today` and `firstOfNextMonth`, when used: computed in Oslo when the take-away runs. */
  dates: readonly ("today" | "firstOfNextMonth")[];
  fromUser: readonly UserValue[];
}

export const NO_OWN_DATA: OwnData = { customers: [], accounts: [], dates: [], fromUser: [] };

/** The routes the setup uses: the identity generator, the account creation, the customer list. */
export const SETUP_PATHS = {
  identities: `${hrefOf("testIdentities", {})}?count=1`,
  accounts: "/v1/sandbox/accounts",
  customers: hrefOf("sandboxCustomers", {}),
} as const;

/** The identity generator's list a customer's number is taken from. */
export const identityList = (kind: Customer["kind"]) => (kind === "corporate" ? "organisationNumbers" : "nationalIdentityNumbers");

/** paymentId → PAYMENT_ID */
export const envName = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase();

/**
 * The ids a body names that only the user knows: a signing basket's `paymentIds` ({ paymentId1: "…", … }), read from the
 * environment like a path's ids (PAYMENT_ID1). `skip` tells an id the take-away knows otherwise (one an earlier answer gave).
 */
export function bodyIdsOf(body: string | undefined, skip: (id: string) => boolean = () => false): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body ?? "");
  } catch {
    return {};
  }
  const ids = typeof parsed === "object" && parsed !== null && "paymentIds" in parsed ? parsed.paymentIds : undefined;
  if (!Array.isArray(ids)) return {};
  const named = ids.filter((id): id is string => typeof id === "string" && id !== "" && !skip(id));
  return Object.fromEntries([...new Set(named)].map((id, index) => [`paymentId${String(index + 1)}`, id]));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The creation of an account of the setup's own: money to pay from, in the currency of the account it stands for. */
const accountBody = (owner: string, currency: string) =>
  JSON.stringify({
    customerNumber: `{{${owner}Number}}`,
    accountName: "Setup account",
    currency,
    cashAccountType: "CACC",
    balances: [{ balanceType: "interimAvailable", balanceAmount: { amount: 100000, currency } }],
  });

interface Found {
  value: string;
  variable: string;
}

/**
 * Replaces the sandbox's data in `texts` by variables and says what makes them. `ids` are the request's path parameters:
 * one that is no account's id stays the user's to fill (PAYMENT_ID), as does a placeholder the reference page left.
 */
export function ownDataOf(
  texts: readonly string[],
  context: DataContext,
  ids: Readonly<Record<string, string>> = {},
): { replace: (text: string) => string; own: OwnData } {
  const joined = texts.join("\n");
  const appears = (value: string | undefined) => !!value && new RegExp(`(?<![\\w-])${escapeRegExp(value)}(?![\\w-])`).test(joined);

  // A request about a payment the user made (its id theirs to fill) names that payment's PSU, not one the setup makes.
  const userIds = Object.entries(ids).filter(([, value]) => !!value && !context.accounts.some((account) => account.resourceId === value));
  const psuFromUser = userIds.length > 0 ? context.customers.find((customer) => appears(customer.psuId)) : undefined;
  const accounts = context.accounts.filter((account) => [account.bban, account.iban, account.resourceId].some(appears));
  const customers = context.customers.filter(
    (customer) =>
      customer !== psuFromUser &&
      ([customer.psuId, customer.customerNumber, customer.name].some(appears) ||
        accounts.some((account) => account.customerNumber === customer.customerNumber)),
  );
  const found: Found[] = [];
  const ownCustomers = customers.map((customer, index): OwnCustomer => {
    const key = `customer${String(index + 1)}`;
    found.push(
      { value: customer.psuId, variable: `${key}PsuId` },
      { value: customer.customerNumber, variable: `${key}Number` },
      { value: customer.name, variable: `${key}Name` },
    );
    return { key, kind: customer.kind };
  });
  const ownerKey = (customerNumber: string) => ownCustomers[customers.findIndex((customer) => customer.customerNumber === customerNumber)]?.key;
  const fromUser: UserValue[] = [];
  const ownAccounts = accounts.flatMap((account, index): OwnAccount[] => {
    const owner = ownerKey(account.customerNumber);
    const key = `account${String(index + 1)}`;
    if (!owner) {
      // An account of the PSU the user names: theirs to fill too (ACCOUNT1_BBAN), as that PSU is.
      if (account.customerNumber !== psuFromUser?.customerNumber) return [];
      for (const [field, value] of [
        ["Bban", account.bban],
        ["Iban", account.iban],
        ["Id", account.resourceId],
      ] as const) {
        found.push({ value, variable: `${key}${field}` });
        fromUser.push({ variable: `${key}${field}`, env: envName(`${key}${field}`) });
      }
      return [];
    }
    found.push(
      { value: account.bban, variable: `${key}Bban` },
      { value: account.iban, variable: `${key}Iban` },
      { value: account.resourceId, variable: `${key}Id` },
    );
    return [{ key, owner, body: accountBody(owner, account.currency) }];
  });
  // A customer named only by its PSU-ID still needs to exist: an account makes it.
  for (const customer of ownCustomers)
    if (!ownAccounts.some((account) => account.owner === customer.key))
      ownAccounts.push({ key: `${customer.key}Account`, owner: customer.key, body: accountBody(customer.key, "NOK") });

  const dates: OwnData["dates"][number][] = [];
  for (const today of new Set([context.today, osloToday()])) {
    found.push({ value: today, variable: "today" }, { value: firstOfMonthAfter(today), variable: "firstOfNextMonth" });
  }
  const known = new Set(found.map((entry) => entry.value));
  for (const [name, value] of userIds) {
    if (known.has(value)) continue;
    found.push({ value, variable: name });
    fromUser.push({ variable: name, env: envName(name) });
  }
  if (psuFromUser) {
    found.push({ value: psuFromUser.psuId, variable: "psuId" });
    fromUser.push({ variable: "psuId", env: "PSU_ID" });
  }

  const usable = found.filter((entry) => entry.value !== "" && appears(entry.value));
  for (const entry of usable)
    if ((entry.variable === "today" || entry.variable === "firstOfNextMonth") && !dates.includes(entry.variable)) dates.push(entry.variable);
  const sorted = [...usable].sort((a, b) => b.value.length - a.value.length);
  const pattern = sorted.length === 0 ? undefined : new RegExp(`(?<![\\w-])(${sorted.map((entry) => escapeRegExp(entry.value)).join("|")})(?![\\w-])`, "g");
  const replace = (text: string) =>
    pattern ? text.replace(pattern, (value) => `{{${sorted.find((entry) => entry.value === value)?.variable ?? value}}}`) : text;
  return {
    replace,
    own: {
      customers: ownCustomers,
      accounts: ownAccounts,
      dates,
      fromUser: fromUser.filter((entry) => usable.some((used) => used.variable === entry.variable)),
    },
  };
}

/** What the take-away says of where it is addressed, and how to point it elsewhere. */
export const ADDRESS_NOTE = "the sandbox chosen in the portal's Settings when this was made; SANDBOX_URL in the environment overrides it";

/** The one line each language's setup begins with. */
export const SETUP_COMMENT =
  "Setup: customers and accounts of this script's own, made in the sandbox it runs against (sandbox-only routes), so it needs nothing that sandbox held before and changes nothing of it.";

/** What a user value stands for. */
export const userValueWhat = (value: UserValue) =>
  value.variable === "psuId"
    ? "the PSU-ID of the PSU it was made for"
    : /^account\d+(Bban|Iban|Id)$/.test(value.variable)
      ? `the ${value.variable
          .replace(/^account\d+/, "")
          .replace("Id", "resource id")
          .toUpperCase()
          .replace("RESOURCE ID", "resource id")} of an account of that PSU`
      : /^paymentId\d+$/.test(value.variable)
        ? "the id of a payment made with your certificate, to put in the basket"
        : `the ${value.variable} of one made with your certificate`;

/** Why a user value is needed, for the message when it is missing. */
export const userValueHelp = (value: UserValue) => `Set ${value.env} in the environment: ${userValueWhat(value)} (this script cannot know it).`;

/** Every `{{name}}` the own data fills. */
export const ownVariables = (own: OwnData): Set<string> =>
  new Set([
    ...own.customers.flatMap(({ key }) => [`${key}Number`, `${key}PsuId`, `${key}Name`]),
    ...own.accounts.flatMap(({ key }) => [`${key}Bban`, `${key}Iban`, `${key}Id`]),
    ...own.dates,
    ...own.fromUser.map(({ variable }) => variable),
  ]);
