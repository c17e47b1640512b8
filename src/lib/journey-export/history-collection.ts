/**
 * "What I did" as a Postman collection: the history's requests, oldest first, signing themselves
 * like the operations collection, each expecting the status it got in the portal; ids kept in
 * collection variables, and the PSU's SCA and the batch runs through the control routes where the
 * record shows they happened (recorded-journey.ts).
 *
 * It stands alone (issue 27, point 4e): a Setup folder makes the customers and accounts its requests use (own-data.ts),
 * dates are computed when it runs, ids it cannot know are variables the user fills, and Initialize sandbox runs only
 * when the variable resetSandbox is "yes".
 */
import { hrefOf } from "../../contract/paths";
import { identityList, NO_OWN_DATA, SETUP_COMMENT, SETUP_PATHS, userValueWhat, type OwnData } from "../code-export/own-data";
import {
  COLLECTION_SCHEMA,
  credentialVariables,
  requestItem,
  RESET_ONLY_WHEN_ASKED,
  RESET_VARIABLE,
  signingEvent,
  withUsedVariables,
  type CollectionCredentials,
  type PostmanCollection,
  type PostmanFolder,
  type PostmanRequestItem,
} from "./postman-format";
import type { JourneyStep, Template } from "./recorded-journey";

const text = (parts: Template) => parts.map((part) => (typeof part === "string" ? part : `{{${part.variable}}}`)).join("");

function itemOf(step: JourneyStep, index: number): PostmanRequestItem | undefined {
  const number = `${String(index + 1)}. `;
  switch (step.kind) {
    case "skipped":
      return undefined;
    case "batch":
      return requestItem({
        name: `${number}Run the batch (sandbox only)`,
        method: "POST",
        base: "sandboxBaseUrl",
        target: hrefOf("runBatch", {}),
        headers: [["Content-Type", "application/json"]],
        body: "{}",
        expectStatus: 200,
      });
    case "sca":
      return requestItem({
        name: `${number}${step.decision === "approve" ? "Approve" : "Decline"} SCA of the ${step.subject}, as the PSU would at the bank (sandbox only)`,
        method: "POST",
        base: "sandboxBaseUrl",
        target: `${hrefOf("scaDecision", { subject: step.subject, id: "" })}{{${step.variable}}}`,
        headers: [["Content-Type", "application/json"]],
        body: JSON.stringify({ decision: step.decision }),
        expectStatus: 200,
      });
    case "request":
      return requestItem({
        ...(step.operationId === "initializeSandbox" ? { prerequest: RESET_ONLY_WHEN_ASKED } : {}),
        name: `${number}${step.title}`,
        method: step.method,
        base: step.base === "api" ? "baseUrl" : "sandboxBaseUrl",
        target: text(step.path),
        headers: step.headers,
        body: step.body ? text(step.body) : undefined,
        expectStatus: step.expectStatus,
        keep: step.keep,
      });
  }
}

const JSON_HEADERS = [
  ["Content-Type", "application/json"],
  ["Accept", "application/json"],
] as const;

/** The Setup folder: the customers and accounts the requests use, made in the sandbox it runs against. */
function setupFolder(own: OwnData): PostmanFolder | undefined {
  if (own.customers.length === 0) return undefined;
  const item = own.customers.flatMap((customer) => [
    requestItem({
      name: `A new customer number (${customer.key})`,
      method: "GET",
      base: "sandboxBaseUrl",
      target: SETUP_PATHS.identities,
      headers: [],
      expectStatus: 200,
      checks: [`pm.collectionVariables.set(${JSON.stringify(`${customer.key}Number`)}, pm.response.json().${identityList(customer.kind)}[0]);`],
    }),
    ...own.accounts
      .filter((account) => account.owner === customer.key)
      .map((account) =>
        requestItem({
          name: `Open an account for ${customer.key} (${account.key})`,
          method: "POST",
          base: "sandboxBaseUrl",
          target: SETUP_PATHS.accounts,
          headers: JSON_HEADERS,
          body: account.body,
          expectStatus: 201,
          keep: [
            { variable: `${account.key}Bban`, field: "bban" },
            { variable: `${account.key}Iban`, field: "iban" },
            { variable: `${account.key}Id`, field: "resourceId" },
          ],
        }),
      ),
  ]);
  item.push(
    requestItem({
      name: "The new customers' PSU ids and names",
      method: "GET",
      base: "sandboxBaseUrl",
      target: SETUP_PATHS.customers,
      headers: [],
      expectStatus: 200,
      checks: [
        "const customers = pm.response.json();",
        ...own.customers.flatMap(({ key }) => [
          `const ${key} = customers.find((customer) => customer.customerNumber === pm.collectionVariables.get(${JSON.stringify(`${key}Number`)}));`,
          `pm.collectionVariables.set(${JSON.stringify(`${key}PsuId`)}, ${key}.psuId);`,
          `pm.collectionVariables.set(${JSON.stringify(`${key}Name`)}, ${key}.name);`,
        ]),
      ],
    }),
  );
  return { name: "Setup", description: `${SETUP_COMMENT} To use customers of your own instead, skip this folder and fill the variables it sets.`, item };
}

export function historyCollection(
  steps: readonly JourneyStep[],
  base: string,
  credentials: CollectionCredentials,
  own: OwnData = NO_OWN_DATA,
): PostmanCollection {
  const origin = base.replace(/\/+$/, "");
  const setup = setupFolder(own);
  const item = [...(setup ? [setup] : []), ...steps.map(itemOf).filter((entry) => entry !== undefined)];
  const resets = steps.some((step) => step.kind === "request" && step.operationId === "initializeSandbox");
  const skipped = steps.flatMap((step) => (step.kind === "skipped" ? [`- ${step.title}: ${step.reason}.`] : []));
  return {
    info: {
      name: "What I did in the PSD2 sandbox portal",
      description: [
        "Requests of the portal's history, oldest first, each expecting the status it got there. Run it top to bottom: ids the answers give are kept for the requests after them.",
        "Each request signs itself with the key in tppPrivateKey and the certificate in tppCertificate (prefilled with the public sandbox test pair).",
        `Addressed to ${origin} (the sandbox chosen in the portal's Settings when it was made): change baseUrl and sandboxBaseUrl to run it elsewhere.`,
        ...(setup ? ["The Setup folder makes the customers and accounts the requests use; nothing the sandbox held before is read or changed."] : []),
        ...(own.fromUser.length > 0 ? [`Fill first: ${own.fromUser.map((value) => `${value.variable} (${userValueWhat(value)})`).join(", ")}.`] : []),
        ...(skipped.length > 0 ? [`Left out:\n${skipped.join("\n")}`] : []),
      ].join("\n\n"),
      schema: COLLECTION_SCHEMA,
    },
    event: [signingEvent()],
    variable: withUsedVariables(
      [
        { key: "baseUrl", value: origin, description: "{base_url}: the sandbox server." },
        { key: "sandboxBaseUrl", value: origin, description: "{sandbox_base_url}: the sandbox server." },
        ...credentialVariables(credentials),
        ...own.fromUser.map((value) => ({ key: value.variable, value: "", description: `Fill this in: ${userValueWhat(value)}.` })),
        ...(resets ? [RESET_VARIABLE] : []),
      ],
      item,
    ),
    item,
  };
}
