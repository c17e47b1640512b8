/**
 * "Export as Playwright test" (issue 11, point 4b): the requests of the history, oldest first, as a
 * Playwright spec a TPP can keep in its own suite. It uses Playwright's `request` fixture (no
 * browser), signs each request when it runs with node:crypto (as the Node.js snippet does), keeps
 * the ids the answers give for the requests after them, does the PSU's SCA and the batch runs
 * through the sandbox's control routes where the record shows they happened, and expects every
 * request to get the status it got in the portal.
 */
import { hrefOf } from "../../contract/paths";
import { ADDRESS_NOTE, identityList, NO_OWN_DATA, SETUP_COMMENT, SETUP_PATHS, userValueHelp, type OwnData } from "../code-export/own-data";
import { SIGNED_HEADER_ORDER } from "../code-export/request-model";
import type { JourneyStep, Template } from "./recorded-journey";

export const PLAYWRIGHT_SPEC_FILE = "portal-journey.spec.ts";

const str = (text: string) => JSON.stringify(text);

/** A template literal: the text escaped, an answer's id as ${name}, the setup's values as {{name}} (send fills them). Exported for its test. */
export const literal = (parts: Template) =>
  `\`${parts
    .map((part) => (typeof part === "string" ? part.replace(/[`\\]|\$\{/g, (c) => `\\${c}`) : part.own ? `{{${part.variable}}}` : `\${${part.variable}}`))
    .join("")}\``;

const headerObject = (headers: readonly (readonly [string, string])[], indent: string) =>
  headers.length === 0 ? "{}" : `{\n${headers.map(([name, value]) => `${indent}  ${str(name)}: ${str(value)},`).join("\n")}\n${indent}}`;

function prelude(base: string, count: number): string {
  return `// What you did in the PSD2 sandbox portal, as a Playwright test: ${String(count)} requests of the history, oldest first.
//
// Each request is signed when it runs (spec section 5): a fresh X-Request-ID and Date, the Digest of
// the body, and the Signature made with your key. Ids the answers give (a payment's, a basket's) are
// kept for the requests after them; the PSU's approval at the bank and the batch run go through the
// sandbox's control routes. Every request expects the status it got in the portal.
//
// It stands alone: the customers and accounts it uses are made by its own setup (new numbers from the
// sandbox's identity generator), dates are those of the day it runs, ids it cannot know are read from
// the environment, and it resets nothing unless RESET_SANDBOX=yes asks for it.
//
// Needs @playwright/test (no browser: only the request fixture). Put tpp-key.pem and tpp-cert.pem
// in the folder you run it from (or name them in TPP_KEY_FILE and TPP_CERT_FILE), start the sandbox
// server (npm run sandbox), then: npx playwright test ${PLAYWRIGHT_SPEC_FILE}
import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { createHash, randomUUID, sign as rsaSign, X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";

const BASE_URL = process.env.SANDBOX_URL || ${str(base)}; // {base_url} and {sandbox_base_url}: ${ADDRESS_NOTE}
const KEY_FILE = process.env.TPP_KEY_FILE ?? "tpp-key.pem"; // your private key, PEM (PKCS#8 or PKCS#1)
const CERT_FILE = process.env.TPP_CERT_FILE ?? "tpp-cert.pem"; // your certificate, PEM

// Headers signed whenever the request carries them, in this order (spec 5.4).
const SIGNED_HEADERS = [${SIGNED_HEADER_ORDER.map(str).join(", ")}];

const privateKey = readFileSync(KEY_FILE, "utf8");
const certificate = new X509Certificate(readFileSync(CERT_FILE));
// keyId names the certificate by serial number and issuer, most specific part first (spec 5.2).
const keyId = \`SN=\${certificate.serialNumber.replace(/^0+/, "")},CA=\${certificate.issuer.split("\\n").reverse().join(",")}\`;

/** The headers with Digest, Signature and TPP-Signature-Certificate added; body is the exact bytes sent. */
function sign(headers: Record<string, string>, body: Buffer): Record<string, string> {
  const all: Record<string, string> = { ...headers, Digest: \`SHA-256=\${createHash("sha256").update(body).digest("base64")}\` };
  const present = new Map(Object.entries(all).map(([name, value]) => [name.toLowerCase(), value]));
  const signed = SIGNED_HEADERS.filter((name) => present.has(name));
  const signingString = signed.map((name) => \`\${name}: \${(present.get(name) ?? "").trim()}\`).join("\\n");
  const signature = rsaSign("sha256", Buffer.from(signingString), privateKey).toString("base64");
  let value = \`keyId="\${keyId}",algorithm="rsa-sha256",headers="\${signed.join(" ")}",signature="\${signature}"\`;
  // spec 5.6: a non-ASCII value travels as one RFC 2047 encoded-word
  if (/[^\\x20-\\x7e]/.test(value)) value = \`=?utf-8?B?\${Buffer.from(value).toString("base64")}?=\`;
  return { ...all, Signature: value, "TPP-Signature-Certificate": certificate.raw.toString("base64") };
}

// What the {{name}}s in the requests stand for, filled when the test runs (setup, below).
const VALUES: Record<string, string> = {};

/** The text with each {{name}} replaced by its value. */
const fill = (text: string) => text.replace(/\\{\\{(\\w+)\\}\\}/g, (match, name: string) => VALUES[name] ?? match);

/** Sends one signed request and checks it got the status it got in the portal. */
async function send(request: APIRequestContext, expected: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<APIResponse> {
  path = fill(path);
  const filled = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, fill(value)]));
  const bytes = Buffer.from(fill(body ?? ""));
  const signed = sign({ ...filled, "X-Request-ID": randomUUID(), Date: new Date().toUTCString() }, bytes);
  const response = await request.fetch(BASE_URL + path, { method, headers: signed, ...(body === undefined ? {} : { data: bytes }) });
  expect(response.status(), \`\${method} \${path}: \${await response.text()}\`).toBe(expected);
  return response;
}

/** A sandbox-only control route (a bank has none): the PSU's decision at the bank, a batch run. */
async function control(request: APIRequestContext, path: string, body: object): Promise<void> {
  const response = await request.post(BASE_URL + path, { data: body });
  expect(response.status(), \`POST \${path}: \${await response.text()}\`).toBe(200);
}

/** A field of the JSON answer: an id for the requests after it. */
async function idFrom(response: APIResponse, field: string): Promise<string> {
  const value = ((await response.json()) as Record<string, unknown>)[field];
  expect(typeof value, \`the answer's \${field}\`).toBe("string");
  return String(value);
}
`;
}

/** The setup: the values the {{name}}s stand for, made in the sandbox the test runs against (own-data.ts). */
function setupCode(own: OwnData): string {
  const lines: string[] = [];
  if (own.dates.length > 0)
    lines.push(
      "  // Dates as the sandbox's calendar names them (Oslo), computed when the test runs.",
      '  VALUES.today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Oslo" }).format(new Date());',
      '  const [year, month] = VALUES.today.split("-").map(Number);',
      "  VALUES.firstOfNextMonth = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);",
    );
  for (const value of own.fromUser)
    lines.push(
      `  if (!process.env[${str(value.env)}]) throw new Error(${str(userValueHelp(value))});`,
      `  VALUES[${str(value.variable)}] = process.env[${str(value.env)}] ?? "";`,
    );
  if (own.customers.length > 0) {
    lines.push(`  // ${SETUP_COMMENT.replace("script's", "test's")}`);
    for (const customer of own.customers) {
      lines.push(`  await newCustomer(request, ${str(customer.key)}, ${str(identityList(customer.kind))});`);
      for (const account of own.accounts.filter((entry) => entry.owner === customer.key))
        lines.push(`  await openAccount(request, ${str(account.key)}, ${str(account.body)});`);
    }
    lines.push(`  await readCustomers(request, ${own.customers.map((customer) => str(customer.key)).join(", ")});`);
  }
  if (lines.length === 0) return "";
  return `
/** A customer of this test's own: a new number from the sandbox's identity generator. */
async function newCustomer(request: APIRequestContext, key: string, list: string): Promise<void> {
  const response = await request.get(BASE_URL + ${str(SETUP_PATHS.identities)});
  expect(response.status(), await response.text()).toBe(200);
  VALUES[key + "Number"] = ((await response.json()) as Record<string, string[]>)[list]?.[0] ?? "";
}

/** An account for it (the customer is made with its first account): its number, IBAN and id. */
async function openAccount(request: APIRequestContext, key: string, body: string): Promise<void> {
  const response = await send(request, 201, "POST", ${str(SETUP_PATHS.accounts)}, { "Content-Type": "application/json", Accept: "application/json" }, body);
  const account = (await response.json()) as Record<string, string>;
  Object.assign(VALUES, { [key + "Bban"]: account.bban, [key + "Iban"]: account.iban, [key + "Id"]: account.resourceId });
}

/** Their PSU-IDs and names, as the sandbox made them. */
async function readCustomers(request: APIRequestContext, ...keys: string[]): Promise<void> {
  const customers = (await (await request.get(BASE_URL + ${str(SETUP_PATHS.customers)})).json()) as Record<string, string>[];
  for (const key of keys) {
    const customer = customers.find((candidate) => candidate.customerNumber === VALUES[key + "Number"]);
    Object.assign(VALUES, { [key + "PsuId"]: customer?.psuId, [key + "Name"]: customer?.name });
  }
}

/** What the requests need, made here: nothing the sandbox held before is read for them or changed. */
async function setup(request: APIRequestContext): Promise<void> {
${lines.join("\n")}
}
`;
}

function stepCode(step: JourneyStep, index: number): string {
  switch (step.kind) {
    case "skipped":
      return `  // Left out: ${step.title}, because ${step.reason}.`;
    case "batch":
      return `  // A batch run booked the approved payments here (in the portal: on its schedule, or "Run the batch now").\n  await control(request, ${str(hrefOf("runBatch", {}))}, {});`;
    case "sca":
      return `  // The PSU ${step.decision === "approve" ? "approved" : "declined"} the ${step.subject} at the bank here (in a browser: approveSca(page) from /playwright/sandbox-sca.ts).\n  await control(request, ${str(hrefOf("scaDecision", { subject: step.subject, id: "" }))} + ${step.variable}, { decision: ${str(step.decision)} });`;
    case "request": {
      const name = `response${String(index + 1)}`;
      const call = `await send(request, ${String(step.expectStatus)}, ${str(step.method)}, ${literal(step.path)}, ${headerObject(step.headers, "  ")}${step.body ? `, ${literal(step.body)}` : ""})`;
      const kept = step.keep.map(({ variable, field }) => `  const ${variable} = await idFrom(${name}, ${str(field)});`);
      if (step.operationId === "initializeSandbox")
        return [
          `  // ${step.title} resets the whole sandbox (every client's data): only when RESET_SANDBOX=yes asks for it.`,
          `  if (process.env.RESET_SANDBOX === "yes") ${call};`,
        ].join("\n");
      return [`  // ${step.title}: ${String(step.expectStatus)} in the portal`, kept.length > 0 ? `  const ${name} = ${call};` : `  ${call};`, ...kept].join(
        "\n",
      );
    }
  }
}

export function playwrightSpec(steps: readonly JourneyStep[], base: string, own: OwnData = NO_OWN_DATA): string {
  const requests = steps.filter((step) => step.kind === "request").length;
  const setup = setupCode(own);
  return `${prelude(base.replace(/\/+$/, ""), requests)}${setup}
test("the journey recorded in the portal", async ({ request }) => {
${[...(setup ? ["  await setup(request);"] : []), ...steps.map(stepCode)].join("\n\n")}
});
`;
}
