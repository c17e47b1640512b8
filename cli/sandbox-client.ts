/**
 * The terminal's client of a running sandbox server: a control route (or an interface operation) by its row of the
 * contract, its path built by the contract's path API, its answer read with the row's schema. Signed when a
 * certificate and key were given (a hosted server wants its controls signed like the interface).
 */
import { readFile } from "node:fs/promises";
import { ErrorBody } from "../src/contract/common-objects";
import type { ControlResult, ControlRouteId } from "../src/contract/control";
import { controlRouteById, hrefOf, pathOf, type QueryValues } from "../src/contract/paths";
import type { z } from "../src/contract/zod";
import { generateTestCertificate, importCertificateAndKey, signRequest, type SigningCredentials } from "../src/signing/index";
import type { CommonOptions } from "./options";

/** A failure the command reports in words and an exit status (1: the server refused or is not there; 2: bad arguments). */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
    /** The server's status, when it refused. */
    readonly status?: number,
  ) {
    super(message);
  }
}

export const isNotFound = (error: unknown): error is CommandError => error instanceof CommandError && error.status === 404;

/** What a call needs of a route: the control table's rows and the recorded traffic's have this shape. */
export interface RouteRow {
  method: string;
  path: string;
  response: z.ZodType;
}

export interface CallInput {
  params?: Record<string, string>;
  query?: QueryValues;
  body?: unknown;
}

export interface SandboxClient {
  url: string;
  /** Calls a control route of the contract by its id. */
  control<Id extends ControlRouteId>(id: Id, input?: CallInput): Promise<ControlResult<Id>>;
  /** Calls a route given as a row (method, path template, response schema). */
  call<Row extends RouteRow>(row: Row, input?: CallInput): Promise<z.output<Row["response"]>>;
  /** POST /v1/sandbox/initialize, signed: with the given certificate, else with a throwaway test certificate. */
  initialize(): Promise<void>;
}

async function readPem(file: string, what: string): Promise<string> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    throw new CommandError(`Cannot read the ${what} ${file} (${error instanceof Error ? error.message : String(error)}); give a PEM file.`, 2);
  }
}

async function loadCredentials(cert: string, key: string): Promise<SigningCredentials> {
  const [certificatePem, keyPem] = await Promise.all([readPem(cert, "certificate"), readPem(key, "private key")]);
  try {
    const { privateKey } = await importCertificateAndKey(certificatePem, keyPem);
    return { privateKey, certificate: certificatePem };
  } catch (error) {
    throw new CommandError(`The certificate ${cert} and key ${key} cannot sign: ${error instanceof Error ? error.message : String(error)}`, 2);
  }
}

const messagesOf = (text: string): string => {
  try {
    const parsed = ErrorBody.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data.tppMessages.map((message) => `${message.code}: ${message.text ?? ""}`.trim()).join(" ");
  } catch {
    // not JSON: said below
  }
  return text.slice(0, 300);
};

export function sandboxClient(common: CommonOptions): SandboxClient {
  let credentials: Promise<SigningCredentials> | undefined;
  const given = () => (common.cert !== undefined && common.key !== undefined ? (credentials ??= loadCredentials(common.cert, common.key)) : undefined);

  async function send(method: string, target: string, bodyText: string | undefined, signWith: SigningCredentials | undefined) {
    const headers: Record<string, string> = bodyText === undefined ? {} : { "Content-Type": "application/json" };
    if (signWith) {
      headers["X-Request-ID"] = crypto.randomUUID();
      const signed = await signRequest({ method, url: target, headers, ...(bodyText === undefined ? {} : { body: bodyText }) }, signWith);
      Object.assign(headers, signed.headers);
    }
    try {
      const response = await fetch(`${common.url}${target}`, { method, headers, ...(bodyText === undefined ? {} : { body: bodyText }) });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
      throw new CommandError(
        `No sandbox answers at ${common.url} (${cause}). Start one with \`npx psd2-sandbox\`, or give its address with --url URL (or SANDBOX_URL).`,
      );
    }
  }

  function refusal(method: string, target: string, status: number, text: string, signed: boolean): CommandError {
    const hint =
      status === 401 && !signed
        ? " This server wants its controls signed (a hosted, multi-tenant server): give --cert FILE --key FILE (or SANDBOX_CERT and SANDBOX_KEY)."
        : "";
    return new CommandError(`${method} ${target.split("?")[0] ?? target} → ${String(status)}: ${messagesOf(text)}${hint}`, 1, status);
  }

  async function call<Row extends RouteRow>(row: Row, input: CallInput = {}): Promise<z.output<Row["response"]>> {
    const target = pathOf(row, input.params ?? {}, input.query);
    const signWith = await given();
    const { status, text } = await send(row.method, target, input.body === undefined ? undefined : JSON.stringify(input.body), signWith);
    if (status < 200 || status > 299) throw refusal(row.method, target, status, text, signWith !== undefined);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = row.response.safeParse(json);
    if (!parsed.success)
      throw new CommandError(
        `${common.url} answered ${row.method} ${row.path} with something this command cannot read; is it a psd2-sandbox server of this version (GET ${common.url}/__sandbox/info)?`,
      );
    return parsed.data as z.output<Row["response"]>;
  }

  return {
    url: common.url,
    call,
    control: (id, input) => call(controlRouteById(id), input) as Promise<ControlResult<typeof id>>,
    async initialize() {
      const signWith = (await given()) ?? (await throwaway());
      const target = hrefOf("initializeSandbox", {});
      const { status, text } = await send("POST", target, undefined, signWith);
      if (status < 200 || status > 299) throw refusal("POST", target, status, text, true);
    },
  };
}

/** Any well-formed certificate is accepted by a local sandbox: one made for the run signs what needs a signature. */
async function throwaway(): Promise<SigningCredentials> {
  const { certificatePem, privateKey } = await generateTestCertificate({ tppName: "psd2-sandbox command line" });
  return { privateKey, certificate: certificatePem };
}
