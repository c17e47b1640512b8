/** Node.js 18+ with fetch and node:crypto only: the request signed at run time. */
import { ADDRESS_NOTE, identityList, NO_OWN_DATA, SETUP_COMMENT, SETUP_PATHS, userValueHelp, type OwnData } from "./own-data";
import { batchRunPath, scaControlPath, SIGNED_HEADER_ORDER, statusPathSuffix, type CodeJourney, type CodeRequest, type Generator } from "./request-model";

const str = (text: string) => JSON.stringify(text);
const object = (headers: CodeRequest["headers"], indent: string) =>
  headers.length === 0 ? "{}" : `{\n${headers.map(([name, value]) => `${indent}  ${str(name)}: ${str(value)},`).join("\n")}\n${indent}}`;

/** The values the requests' {{variables}} take: dates of the day it runs, the user's ids, the setup's customers and accounts. */
function values(own: OwnData, base: string): string {
  const dates =
    own.dates.length === 0
      ? ""
      : `
// Dates as the sandbox's calendar names them (Oslo), computed when the script runs.
const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Oslo" }).format(new Date());
VALUES.today = today;
const [year, month] = today.split("-").map(Number);
VALUES.firstOfNextMonth = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
`;
  const user = own.fromUser
    .map(
      (value) => `
if (!process.env[${str(value.env)}]) throw new Error(${str(userValueHelp(value))});
VALUES[${str(value.variable)}] = process.env[${str(value.env)}];
`,
    )
    .join("");
  if (own.customers.length === 0) return `${dates}${user}`;
  return `${dates}${user}
/** A customer of this script's own: a new number from the sandbox's identity generator. */
async function newCustomer(key, identityList) {
  const identities = await (await fetch(${base} + ${str(SETUP_PATHS.identities)})).json();
  VALUES[key + "Number"] = identities[identityList][0];
}

/** An account for it (the customer is made with its first account): its number, IBAN and id. */
async function openAccount(key, body) {
  const account = JSON.parse((await send("POST", ${base} + ${str(SETUP_PATHS.accounts)}, { "Content-Type": "application/json", Accept: "application/json" }, body)).text);
  Object.assign(VALUES, { [key + "Bban"]: account.bban, [key + "Iban"]: account.iban, [key + "Id"]: account.resourceId });
}

/** Their PSU-IDs and names, as the sandbox made them. */
async function readCustomers(...keys) {
  const customers = await (await fetch(${base} + ${str(SETUP_PATHS.customers)})).json();
  for (const key of keys) {
    const customer = customers.find((candidate) => candidate.customerNumber === VALUES[key + "Number"]);
    Object.assign(VALUES, { [key + "PsuId"]: customer.psuId, [key + "Name"]: customer.name });
  }
}

// ${SETUP_COMMENT}
${own.customers
  .map(
    (customer) =>
      `await newCustomer(${str(customer.key)}, ${str(identityList(customer.kind))});\n${own.accounts
        .filter((account) => account.owner === customer.key)
        .map((account) => `await openAccount(${str(account.key)}, ${str(account.body)});\n`)
        .join("")}`,
  )
  .join("")}await readCustomers(${own.customers.map((customer) => str(customer.key)).join(", ")});
`;
}

function prelude(title: string, bases: string): string {
  return `// ${title}.
//
// Signed at run time as the PSD2 interface requires (spec section 5): a fresh X-Request-ID and
// Date, the Digest of the body, and the Signature over them made with your key.
// Needs Node.js 18 or newer, nothing to install. Run: node <this file>.mjs
import { createHash, randomUUID, sign as rsaSign, X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";

const KEY_FILE = "tpp-key.pem"; // your private key, PEM (PKCS#8 or PKCS#1)
const CERT_FILE = "tpp-cert.pem"; // your certificate, PEM
${bases}

// Headers signed whenever the request carries them, in this order (spec 5.4).
const SIGNED_HEADERS = [${SIGNED_HEADER_ORDER.map(str).join(", ")}];

const privateKey = readFileSync(KEY_FILE, "utf8");
const certificate = new X509Certificate(readFileSync(CERT_FILE));
// keyId names the certificate by serial number and issuer, most specific part first (spec 5.2).
const keyId = \`SN=\${certificate.serialNumber.replace(/^0+/, "")},CA=\${certificate.issuer.split("\\n").reverse().join(",")}\`;

/** Adds Digest, Signature and TPP-Signature-Certificate to headers; body is the exact bytes sent. */
function sign(headers, body) {
  headers["Digest"] = \`SHA-256=\${createHash("sha256").update(body).digest("base64")}\`;
  const present = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const signed = SIGNED_HEADERS.filter((name) => name in present);
  const signingString = signed.map((name) => \`\${name}: \${present[name].trim()}\`).join("\\n");
  const signature = rsaSign("sha256", Buffer.from(signingString), privateKey).toString("base64");
  let value = \`keyId="\${keyId}",algorithm="rsa-sha256",headers="\${signed.join(" ")}",signature="\${signature}"\`;
  // spec 5.6: a non-ASCII value travels as one RFC 2047 encoded-word
  if (/[^\\x20-\\x7e]/.test(value)) value = \`=?utf-8?B?\${Buffer.from(value).toString("base64")}?=\`;
  headers["Signature"] = value;
  headers["TPP-Signature-Certificate"] = certificate.raw.toString("base64");
}

// What the {{name}}s in the requests stand for, filled when the script runs (below).
const VALUES = {};

/** The text with each {{name}} replaced by its value. */
const fill = (text) => text.replace(/\\{\\{(\\w+)\\}\\}/g, (match, name) => VALUES[name] ?? match);

/** Sends one signed request (its {{name}}s filled), prints its status and body, and returns both. */
async function send(method, url, headers, body = "") {
  url = fill(url);
  const filled = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, fill(value)]));
  const all = { ...filled, "X-Request-ID": randomUUID(), Date: new Date().toUTCString() };
  const bytes = Buffer.from(fill(body));
  sign(all, bytes);
  const response = await fetch(url, { method, headers: all, ...(bytes.length > 0 ? { body: bytes } : {}) });
  const text = await response.text();
  console.log(\`HTTP \${response.status}\`);
  console.log(text);
  // Fails the script on an error status (after printing what the server explained).
  if (response.status >= 400) throw new Error(\`\${method} \${url} answered \${response.status}\`);
  return { status: response.status, text };
}
`;
}

function request(model: CodeRequest): string {
  const body = model.body === undefined ? "" : `\n// Sent exactly as written: the Digest covers these bytes.\nconst BODY = ${str(model.body)};\n`;
  return `${prelude(model.title, `const BASE_URL = process.env.SANDBOX_URL || ${str(model.base)}; // ${ADDRESS_NOTE}`)}${values(model.own ?? NO_OWN_DATA, "BASE_URL")}${body}
await send(${str(model.method)}, BASE_URL + ${str(model.path)}, ${object(model.headers, "")}${model.body === undefined ? "" : ", BODY"});
`;
}

function journey(model: CodeJourney): string {
  const create = model.create;
  const bases = [
    `// ${ADDRESS_NOTE}`,
    `const API_BASE = process.env.SANDBOX_URL || ${str(create.base)};`,
    `const SANDBOX_BASE = process.env.SANDBOX_URL || ${str(model.sandboxBase)}; // where the sandbox-only /__sandbox/ routes answer`,
  ].join("\n");
  return `${prelude(model.title, bases)}${values(create.own ?? NO_OWN_DATA, "SANDBOX_BASE")}
/** A sandbox-only control route: unsigned, JSON in and out. A bank has none of these. */
async function control(path, body) {
  const response = await fetch(SANDBOX_BASE + path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  console.log(\`HTTP \${response.status} from \${path}\`);
  if (!response.ok) throw new Error(await response.text());
}

const PAYMENT = ${str(create.body ?? "{}")};

// 1. Create the payment: RCVD, with an SCA link for the PSU.
const created = await send(${str(create.method)}, API_BASE + ${str(create.path)}, ${object(create.headers, "")}, PAYMENT);
const { paymentId } = JSON.parse(created.text);
// 2. The PSU approves it at the bank (here through the sandbox's control route): ACTC.
await control(${str(scaControlPath)} + paymentId, { decision: "approve" });
// 3. A batch run books due approved payments.
await control(${str(batchRunPath)}, {});
// 4. Read the status: ACSC once booked (PDNG when its execution date is still ahead).
await send("GET", \`\${API_BASE}${create.path.replace(/[`$\\]/g, "\\$&")}/\${paymentId}${statusPathSuffix}\`, ${object(model.readHeaders, "")});
`;
}

export const node: Generator = {
  id: "node",
  label: "Node.js",
  needs: "Node.js 18 or newer, nothing to install",
  run: (fileName) => `node ${fileName}`,
  fileName: (name) => `${name}.mjs`,
  request,
  journey,
};
