/**
 * The part of the Postman Collection Format v2.1 this portal writes
 * (https://schema.getpostman.com/json/collection/v2.1.0/collection.json), and the builders of its
 * items: a request whose tests assert its status and keep ids for the requests after it.
 */
import signerScript from "./postman-signer.js?raw";

export const COLLECTION_SCHEMA = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";

export interface PostmanScript {
  listen: "prerequest" | "test";
  script: { type: "text/javascript"; exec: string[] };
}
export interface PostmanRequest {
  method: string;
  header: { key: string; value: string }[];
  url: { raw: string; host: string[]; path: string[]; query?: { key: string; value: string }[] };
  body?: { mode: "raw"; raw: string; options: { raw: { language: "json" } } };
  description?: string;
}
export interface PostmanRequestItem {
  name: string;
  request: PostmanRequest;
  event?: PostmanScript[];
}
export interface PostmanFolder {
  name: string;
  description?: string;
  item: PostmanRequestItem[];
}
export interface PostmanVariable {
  key: string;
  value: string;
  description?: string;
}
export interface PostmanCollection {
  info: { name: string; description: string; schema: typeof COLLECTION_SCHEMA };
  event: PostmanScript[];
  variable: PostmanVariable[];
  item: (PostmanFolder | PostmanRequestItem)[];
}

/** The key and certificate the signer reads; prefilled (the public test pair) or left for the user. */
export interface CollectionCredentials {
  privateKeyPem: string;
  certificatePem: string;
}

/**
 * The public sandbox test certificate and its key (public/test-credentials/, decision 0021), read
 * from the portal's own static files to prefill an exported collection: test data, the same for
 * everyone, so the collection runs before its user has a key of their own to put there.
 */
export const PUBLIC_PAIR_PATH = "/test-credentials/";

export async function publicPair(): Promise<CollectionCredentials> {
  const read = async (file: string) => {
    const response = await fetch(`${PUBLIC_PAIR_PATH}${file}`);
    if (!response.ok) throw new Error(`The public test credentials could not be read (${file}: ${String(response.status)}).`);
    return response.text();
  };
  const [privateKeyPem, certificatePem] = await Promise.all([read("tpp-key.pem"), read("tpp-cert.pem")]);
  return { privateKeyPem, certificatePem };
}

const script = (listen: PostmanScript["listen"], lines: string[]): PostmanScript => ({ listen, script: { type: "text/javascript", exec: lines } });

/**
 * The dates of the run, as the sandbox's calendar names them (Oslo): {{today}} and {{firstOfNextMonth}}, a start date a
 * periodic payment accepts whenever the collection runs. In UTC, a run after 23:00 on the last of a month in Oslo
 * had dated its standing order on the first of the month just begun, which the sandbox refuses.
 */
const DATE_LINES = [
  "{",
  "  // Oslo is UTC+1, UTC+2 from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October (EU rule);",
  "  // worked out here because Postman's script sandbox has no time zones.",
  "  const now = Date.now();",
  "  const year = new Date(now).getUTCFullYear();",
  "  const lastSunday = (month) => { const end = new Date(Date.UTC(year, month + 1, 0, 1)); return end.getTime() - end.getUTCDay() * 86400000; };",
  "  const summer = now >= lastSunday(2) && now < lastSunday(9);",
  "  const oslo = new Date(now + (summer ? 2 : 1) * 3600000);",
  '  pm.variables.set("today", oslo.toISOString().slice(0, 10));',
  '  pm.variables.set("firstOfNextMonth", new Date(Date.UTC(oslo.getUTCFullYear(), oslo.getUTCMonth() + 1, 1)).toISOString().slice(0, 10));',
  "}",
];

const DATE_VARIABLES = ["today", "firstOfNextMonth"];

/** Every request signs itself: the collection's pre-request script runs before each one (and before the request's own). */
export const signingEvent = (): PostmanScript => script("prerequest", [...DATE_LINES, ...signerScript.trimEnd().split("\n")]);

export function credentialVariables(credentials: CollectionCredentials): PostmanVariable[] {
  return [
    {
      key: "tppPrivateKey",
      value: credentials.privateKeyPem,
      description: "Your private key, PEM (PKCS#8 or PKCS#1, unencrypted). It signs every request and never leaves Postman.",
    },
    { key: "tppCertificate", value: credentials.certificatePem, description: "The certificate of that key, PEM: sent as TPP-Signature-Certificate." },
  ];
}

/** "Initialize sandbox" resets the whole sandbox a collection runs against: only when the user asks for it. */
export const RESET_ONLY_WHEN_ASKED = [
  'if (pm.collectionVariables.get("resetSandbox") !== "yes") {',
  '  console.log("Initialize sandbox skipped: it resets the whole sandbox. Set the variable resetSandbox to yes to run it.");',
  "  pm.execution.skipRequest();",
  "}",
];
export const RESET_VARIABLE: PostmanVariable = {
  key: "resetSandbox",
  value: "no",
  description: "yes runs Initialize sandbox, which resets the whole sandbox (every client's data) to its fixed data set; anything else skips it.",
};

export interface ItemSpec {
  name: string;
  method: string;
  /** "baseUrl" or "sandboxBaseUrl": the collection variable holding the origin. */
  base: string;
  /** Path and query, with {{variables}} where an earlier response supplies the value. */
  target: string;
  headers: readonly (readonly [string, string])[];
  body?: string | undefined;
  description?: string | undefined;
  /** The status the test asserts. */
  expectStatus: number;
  /** Ids to keep from the JSON answer: collection variable ← field. */
  keep?: readonly { variable: string; field: string }[];
  /** More test lines (after the status check). */
  checks?: readonly string[];
  /** The request's own pre-request lines (after the collection's signing script). */
  prerequest?: readonly string[];
}

function urlOf(base: string, target: string): PostmanRequest["url"] {
  const [path = "", search] = target.split("?", 2);
  const query = search
    ? search.split("&").map((pair) => {
        const [key = "", value = ""] = pair.split("=", 2);
        return { key, value };
      })
    : undefined;
  return { raw: `{{${base}}}${target}`, host: [`{{${base}}}`], path: path.split("/").filter(Boolean), ...(query ? { query } : {}) };
}

export function requestItem(spec: ItemSpec): PostmanRequestItem {
  const tests = [
    `pm.test("answers ${String(spec.expectStatus)}", () => {`,
    `  pm.expect(pm.response.code, pm.response.text()).to.equal(${String(spec.expectStatus)});`,
    `});`,
    ...(spec.keep ?? []).map(({ variable, field }) => `pm.collectionVariables.set(${JSON.stringify(variable)}, pm.response.json()[${JSON.stringify(field)}]);`),
    ...(spec.checks ?? []),
  ];
  return {
    name: spec.name,
    event: [...(spec.prerequest ? [script("prerequest", [...spec.prerequest])] : []), script("test", tests)],
    request: {
      method: spec.method,
      header: spec.headers.map(([key, value]) => ({ key, value })),
      url: urlOf(spec.base, spec.target),
      ...(spec.body === undefined ? {} : { body: { mode: "raw", raw: spec.body, options: { raw: { language: "json" } } } }),
      ...(spec.description ? { description: spec.description } : {}),
    },
  };
}

/** A collection's variables: the ones given, then any {{name}} the items use that is not among them (empty, filled by earlier answers). */
export function withUsedVariables(given: PostmanVariable[], items: PostmanCollection["item"]): PostmanVariable[] {
  const known = new Set(given.map((variable) => variable.key));
  const used = new Set<string>();
  for (const match of JSON.stringify(items).matchAll(/\{\{([A-Za-z][\w]*)\}\}/g)) if (match[1]) used.add(match[1]);
  return [
    ...given,
    ...[...used]
      .filter((name) => !known.has(name))
      .map((key) => ({
        key,
        value: "",
        description: DATE_VARIABLES.includes(key) ? "The day it runs (Oslo), set by the collection's script." : "Set by the answer of an earlier request.",
      })),
  ];
}
