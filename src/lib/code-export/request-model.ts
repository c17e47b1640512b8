/**
 * The request model the code generators read: the same request the inspector shows (a Draft from
 * request-draft.ts), less what the generated code computes itself each time it runs. A script
 * that reused the portal's X-Request-ID, Date or Signature would work once at most: the server
 * refuses a reused X-Request-ID (409) and a Date more than 5 minutes off (401).
 */
import type { HttpMethod } from "../../contract/operations";
import { hrefOf } from "../../contract/paths";
import { DEFAULT_SIGNED_HEADER_ORDER } from "../../signing/signed-header-policy";
import type { Draft } from "../request-draft";
import { bodyIdsOf, ownDataOf, type DataContext, type OwnData } from "./own-data";

/** Headers the generated code makes at run time (and Host and Content-Length, which the HTTP client sets). */
export const RUN_TIME_HEADERS = ["x-request-id", "date", "digest", "signature", "tpp-signature-certificate", "host", "content-length"];

/** Which headers the code signs, when present, in this order (docs/signing.md, "Default signed headers"). */
export const SIGNED_HEADER_ORDER: readonly string[] = DEFAULT_SIGNED_HEADER_ORDER;

export interface CodeRequest {
  /** What the request does, for the comment at the top ("Create NDCT payment"). */
  title: string;
  method: HttpMethod;
  /** Origin the request goes to, such as http://127.0.0.1:4010 (a constant at the top of the script). */
  base: string;
  /** Path and query, exactly as sent. */
  path: string;
  /** Headers the TPP chooses (PSU-ID, TPP-Redirect-URI, Content-Type, …), in the inspector's order. */
  headers: readonly (readonly [string, string])[];
  /** The body text, exactly as sent: the Digest covers these bytes. */
  body?: string | undefined;
  /** What fills the `{{variables}}` in path, headers and body when the code runs (own-data.ts). */
  own?: OwnData | undefined;
}

const isRunTime = (name: string) => RUN_TIME_HEADERS.includes(name.toLowerCase());

export function codeRequestFromDraft(draft: Pick<Draft, "method" | "target" | "headers" | "body">, base: string, title: string): CodeRequest {
  return {
    title,
    method: draft.method as HttpMethod,
    base: base.replace(/\/+$/, ""),
    path: draft.target,
    headers: Object.entries(draft.headers).filter(([name]) => !isRunTime(name)),
    ...(draft.body === undefined ? {} : { body: draft.body }),
  };
}

/**
 * The request as code that stands alone (issue 27, point 4): the sandbox's data in it replaced by variables its setup
 * fills, its dates computed when it runs, the path's other ids (`params`) and a basket's `paymentIds` read from the environment.
 */
export function standAlone(request: CodeRequest, context: DataContext, params: Readonly<Record<string, string>> = {}): CodeRequest {
  const texts = [request.path, ...request.headers.map(([, value]) => value), request.body ?? ""];
  const { replace, own } = ownDataOf(texts, context, { ...bodyIdsOf(request.body), ...params });
  return {
    ...request,
    path: replace(request.path),
    headers: request.headers.map(([name, value]) => [name, replace(value)] as const),
    ...(request.body === undefined ? {} : { body: replace(request.body) }),
    own,
  };
}

/**
 * The whole journey: create a payment (the request given), approve SCA through the sandbox's
 * control route, run the batch, read the payment's status.
 */
export interface CodeJourney {
  /** For the comment at the top. */
  title: string;
  /** The payment initiation (POST /v1/payments/…). */
  create: CodeRequest;
  /** Origin of the /__sandbox/ control routes. */
  sandboxBase: string;
  /** Headers of the status read: the PSU of the initiation. */
  readHeaders: readonly (readonly [string, string])[];
}

const PSU_HEADERS = ["psu-id", "x-psu-identity", "psu-corporate-id"];

export function journeyFrom(create: CodeRequest, sandboxBase = create.base): CodeJourney {
  return {
    title: "Payment journey: create a payment, approve SCA through the sandbox, run the batch, read the status",
    create,
    sandboxBase: sandboxBase.replace(/\/+$/, ""),
    readHeaders: create.headers.filter(([name]) => PSU_HEADERS.includes(name.toLowerCase())),
  };
}

/**
 * Control routes of the journey, from the control table: the SCA decision's path up to the payment's
 * id (which the generated script appends), the batch run; and the status path of the payment read.
 */
export const scaControlPath = hrefOf("scaDecision", { subject: "payment", id: "" });
export const batchRunPath = hrefOf("runBatch", {});
export const statusPathSuffix = "/status";

/** The name of a snippet's file, from its title: "create-ndct-payment". */
export const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "request";
/** The journey's name, for its file. */
export const JOURNEY_SLUG = "payment-journey";

export interface Generator {
  id: "bash" | "node" | "python" | "java" | "go";
  /** The tab's name. */
  label: string;
  /** What the user needs installed, in one line. */
  needs: string;
  /** How to run it, given the file name. */
  run: (fileName: string) => string;
  /** The file name for a slug ("create-ndct-payment"): each language has its conventions. */
  fileName: (slug: string) => string;
  request: (request: CodeRequest) => string;
  journey: (journey: CodeJourney) => string;
}
