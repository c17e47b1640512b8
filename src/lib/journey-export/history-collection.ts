/**
 * "What I did" as a Postman collection: the history's requests, oldest first, signing themselves
 * like the operations collection, each expecting the status it got in the portal; ids kept in
 * collection variables, and the PSU's SCA and the batch runs through the control routes where the
 * record shows they happened (recorded-journey.ts).
 */
import { hrefOf } from "../../contract/paths";
import {
  COLLECTION_SCHEMA,
  credentialVariables,
  requestItem,
  signingEvent,
  withUsedVariables,
  type CollectionCredentials,
  type PostmanCollection,
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

export function historyCollection(steps: readonly JourneyStep[], base: string, credentials: CollectionCredentials): PostmanCollection {
  const origin = base.replace(/\/+$/, "");
  const item = steps.map(itemOf).filter((entry) => entry !== undefined);
  const skipped = steps.flatMap((step) => (step.kind === "skipped" ? [`- ${step.title}: ${step.reason}.`] : []));
  return {
    info: {
      name: "What I did in the PSD2 sandbox portal",
      description: [
        "Requests of the portal's history, oldest first, each expecting the status it got there. Run it top to bottom: ids the answers give are kept for the requests after them.",
        "Each request signs itself with the key in tppPrivateKey and the certificate in tppCertificate (prefilled with the public sandbox test pair).",
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
      ],
      item,
    ),
    item,
  };
}
