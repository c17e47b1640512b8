/**
 * A request and its answer as the traffic record keeps them (decision 0055): bodies cut at a bound with their whole
 * size shown, anything shaped like a private key removed, the TPP as far as the request established it (a verified
 * signature's signer; else, marked unverified, the certificate it carried, so a TPP finds its own refused requests).
 * Built after the answer was sent, from what the edge saw (the server's listener, the browser's service worker), and
 * written as JSON straight away, never as an object first (decision 0064): a store is handed the entry it keeps.
 */
import { matchOperation } from "../../src/contract/paths";
import { SCENARIO_APPLIED_HEADER } from "../../src/contract/scenarios";
import type { RecordedBody, RecordedTpp } from "../../src/contract/traffic";
import { fingerprintsOf, loadCertificate } from "../../src/signing/certificate";
import { organizationIdentifier } from "../../src/signing/organization-identifier";
import type { SignatureExamination } from "../../src/signing/diagnose";
import type { RequestFacts } from "./incoming";
import type { SandboxEnv } from "../env/sandbox-env";
import { CERTIFICATE_HEADER, newTrafficId, type TrafficEntry } from "../store/traffic-rows";

/**
 * The bytes of a request's body a record keeps (what a TPP debugs), and of an answer's: an error's is a few hundred
 * bytes, a list's 20 KiB or more, and every byte stored is written to the database's log (decision 0055, "Measured").
 */
export const RECORDED_BODY_BYTES = 16 * 1024;
export const RECORDED_ANSWER_BYTES = 4 * 1024;
/** The characters of one header value a record keeps (a certificate header is some 1,500). */
const RECORDED_HEADER_CHARS = 8 * 1024;

/** A request and the answer sent to it, as the edge saw them. */
export interface Exchange {
  /** When the request arrived, epoch ms (real time). */
  at: number;
  ms: number;
  method: string;
  url: URL;
  /** The path as sent, where `url` no longer spells it (a URL parser resolves "/v1/../x" to "/x"): what a record shows. */
  path?: string;
  /** Lower-case names, repeated values joined. */
  requestHeaders: Iterable<[string, string]>;
  requestBody: Uint8Array | string | undefined;
  status: number;
  responseHeaders: Iterable<[string, string]>;
  responseBody: Uint8Array | string | undefined;
  facts: RequestFacts;
}

/** Paths whose reads are not recorded: the traffic's own routes (a portal reading them would record its reading), the change watch. */
const UNRECORDED_READS = /^\/__sandbox\/(requests(\/.*)?|report|changes)$/;
/** The server's own pages: neither a TPP's requests nor the bank page's. */
const OWN_PAGES = new Set(["/", "/openapi.json", "/healthz", "/readyz", "/favicon.ico"]);

/** Whether a request is kept in the traffic record. */
export function isRecorded(method: string, path: string): boolean {
  if (method === "OPTIONS" || OWN_PAGES.has(path)) return false;
  return !((method === "GET" || method === "HEAD") && UNRECORDED_READS.test(path));
}

// ---- private keys -----------------------------------------------------------------------------

const REMOVED = "[private key removed by the sandbox]";
/** A PEM private key block (PKCS#1, PKCS#8, EC, encrypted), or its beginning where the text was cut. */
const PEM_PRIVATE_KEY = /-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----[\s\S]*?(-----END \1PRIVATE KEY-----|$)/g;
/**
 * A private key as base64 DER without armour, with the rest of its base64 (line breaks escaped in JSON included): PKCS#8
 * and PKCS#1 RSA keys (a SEQUENCE with a two-byte length, version 0, then an AlgorithmIdentifier or an INTEGER), a P-256
 * key as PKCS#8 and as SEC 1.
 */
const BASE64_PRIVATE_KEY = /(?:MII[A-Za-z0-9+/]{3}IBA(?:DAN|AK)|MIG[A-Za-z0-9+/]AgEAMBMG|MHcCAQEE)(?:[A-Za-z0-9+/=]|\\[rn])*/g;

/**
 * What every match of BASE64_PRIVATE_KEY holds: a search for these few strings costs a record a fraction of the
 * expression's run over a certificate header's 1,500 characters of base64 (every signed request's), which starts "MII".
 */
const BASE64_KEY_MARKS = ["IBADAN", "IBAAK", "AgEAMBMG", "MHcCAQEE"];

/** The text with every private key in it replaced by a note: no record ever holds one. */
export function withoutPrivateKeys(text: string): string {
  if (!text.includes("PRIVATE KEY") && !BASE64_KEY_MARKS.some((mark) => text.includes(mark))) return text;
  return text.replace(PEM_PRIVATE_KEY, REMOVED).replace(BASE64_PRIVATE_KEY, REMOVED);
}

// ---- parts --------------------------------------------------------------------------------------

const decoder = new TextDecoder();

const encoder = new TextEncoder();

/** The bytes of a string in UTF-8, counted without encoding it (natively where Node's Buffer is there: the server). */
const utf8Length: (text: string) => number =
  typeof Buffer === "function"
    ? (text) => Buffer.byteLength(text, "utf8")
    : (text) => {
        let bytes = text.length;
        for (let index = 0; index < text.length; index++) {
          const code = text.charCodeAt(index);
          // Two bytes below U+0800, three above; a surrogate pair (four bytes) is two code units of two each.
          if (code >= 0x80) bytes += code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 1 : 2;
        }
        return bytes;
      };

/**
 * A body as the record keeps it: whole up to `bound` bytes, else its first `bound` bytes (never half a character). A
 * text answer (nearly every one) is never encoded whole: a list's 20 KiB were, for every read, to keep 4 (decision 0055).
 */
export function recordedBody(body: Uint8Array | string | undefined, bound = RECORDED_BODY_BYTES): RecordedBody {
  if (body === undefined || body.length === 0) return { text: "", bytes: 0, keptBytes: 0 };
  if (typeof body === "string") {
    const size = utf8Length(body);
    if (size <= bound) return { text: withoutPrivateKeys(body), bytes: size, keptBytes: size };
    // ASCII (a JSON answer nearly always is): a character is a byte.
    if (size === body.length) return { text: withoutPrivateKeys(body.slice(0, bound)), bytes: size, keptBytes: bound };
    const kept = new Uint8Array(bound);
    const { written } = encoder.encodeInto(body, kept);
    return { text: withoutPrivateKeys(decoder.decode(kept.subarray(0, written))), bytes: size, keptBytes: written };
  }
  const kept = Math.min(body.length, bound);
  return { text: withoutPrivateKeys(decoder.decode(body.subarray(0, kept))), bytes: body.length, keptBytes: kept };
}

const json = JSON.stringify;

/** The TPP a certificate names, verified by the request's signature or only carried by it. */
function recordedTpp(keySha256: string, certificateSha256: string, subject: string, verified: boolean): RecordedTpp {
  const organization = organizationIdentifier(subject);
  return { keySha256, certificateSha256, ...(organization === undefined ? {} : { organizationIdentifier: organization }), subject, verified };
}

/** The TPP a verified signature established, and its JSON, as the last request named it (a TPP sends many). */
let lastSigner: { tpp: RecordedTpp; json: string } | undefined;
function signerTpp(signer: NonNullable<RequestFacts["signer"]>): { tpp: RecordedTpp; json: string } {
  const known = lastSigner;
  if (known?.tpp.keySha256 === signer.spkiSha256 && known.tpp.certificateSha256 === signer.certificateSha256 && known.tpp.subject === signer.subject)
    return known;
  const tpp = recordedTpp(signer.spkiSha256, signer.certificateSha256, signer.subject, true);
  lastSigner = { tpp, json: json(tpp) };
  return lastSigner;
}

/** The TPP named by the certificate a request carried, unverified (its fingerprints are WebCrypto's: a promise). */
async function carriedTpp(certificateHeader: string): Promise<RecordedTpp | null> {
  if (certificateHeader.length > 16_384) return null;
  // Cached per header value (certificate.ts): a TPP sends the same certificate with every request.
  const loaded = loadCertificate(certificateHeader);
  if (!loaded.ok) return null;
  const { certificateSha256, spkiSha256 } = await fingerprintsOf(loaded.certificate);
  return recordedTpp(spkiSha256, certificateSha256, loaded.certificate.summary.subject, false);
}

/** A body as kept (RecordedBody), as JSON. */
function bodyJson(body: Uint8Array | string | undefined, bound: number): string {
  const kept = recordedBody(body, bound);
  return `{"text":${json(kept.text)},"bytes":${json(kept.bytes)},"keptBytes":${json(kept.keptBytes)}}`;
}

/**
 * Headers as JSON (lower-case names), with the value of the one named `wanted` (the request's X-Request-ID, the
 * answer's scenario); the one named `apart` (the request's certificate) is written empty (its `""` at `apart.at`) and
 * handed back apart, for the store to keep or put back (TrafficEntry).
 */
function headersJson(
  headers: Iterable<[string, string]>,
  wanted: string,
  apart?: string,
): { json: string; wanted?: string; apart?: { text: string; at: number } } {
  let out = "";
  let found: string | undefined;
  let kept: { text: string; at: number } | undefined;
  for (const [rawName, value] of headers) {
    const name = rawName.toLowerCase();
    const text = withoutPrivateKeys(value.slice(0, RECORDED_HEADER_CHARS));
    out += `${out === "" ? "" : ","}${json(name)}:`;
    if (name === apart && text !== "") {
      kept = { text, at: out.length };
      out += '""';
    } else out += json(text);
    if (name === wanted) found = text;
  }
  return { json: out, ...(found === undefined ? {} : { wanted: found }), ...(kept === undefined ? {} : { apart: kept }) };
}

const SCENARIO_APPLIED = SCENARIO_APPLIED_HEADER.toLowerCase();

/** What the signature doctor found of a refused request (its findings, the string it rebuilt, the body's digest), or noted of an accepted one. */
function doctorsJson(examination: SignatureExamination | undefined): string {
  if (examination === undefined) return `"diagnosis":[]`;
  const findings = json(examination.diagnosis.map(({ code, text }) => ({ code, text })));
  const signingString =
    examination.signingString === undefined ? "" : `,"signingString":${json(withoutPrivateKeys(examination.signingString.slice(0, 16_384)))}`;
  const bodyDigest = examination.bodyDigest === undefined ? "" : `,"bodyDigest":${json(examination.bodyDigest)}`;
  return `"diagnosis":${findings}${signingString}${bodyDigest}`;
}

/**
 * The entry an exchange is stored as, under `id`: its record (TrafficRecord) written as JSON straight from what the
 * edge saw (decision 0064: building the record as an object and then its JSON cost a creation about a tenth of its
 * time on the server), at once unless the TPP must be read from a certificate that was not verified.
 */
export function trafficEntryOf(exchange: Exchange, id = newTrafficId(exchange.at)): TrafficEntry | Promise<TrafficEntry> {
  const request = headersJson(exchange.requestHeaders, "x-request-id", CERTIFICATE_HEADER);
  const signer = exchange.facts.signer;
  if (signer !== undefined) return entryWith(exchange, id, request, signerTpp(signer));
  if (request.apart === undefined) return entryWith(exchange, id, request, undefined);
  return carriedTpp(request.apart.text).then((tpp) => entryWith(exchange, id, request, tpp === null ? undefined : { tpp, json: json(tpp) }));
}

function entryWith(exchange: Exchange, id: string, request: ReturnType<typeof headersJson>, tpp: { tpp: RecordedTpp; json: string } | undefined): TrafficEntry {
  const response = headersJson(exchange.responseHeaders, SCENARIO_APPLIED);
  const path = exchange.path ?? exchange.url.pathname;
  const found = matchOperation(exchange.method, path);
  const operation = found.kind === "found" ? found.route.id : null;
  const requestId = request.wanted?.slice(0, 200);
  const head =
    `{"id":${json(id)},"at":${json(new Date(exchange.at).toISOString())},"method":${json(exchange.method)},` +
    `"path":${json(withoutPrivateKeys(path.slice(0, 2048)))},"operation":${json(operation)},"status":${json(exchange.status)},` +
    `"ms":${json(Math.round(exchange.ms * 10) / 10)},"tpp":${tpp?.json ?? "null"},"requestId":${json(requestId ?? null)},` +
    `"scenario":${json(response.wanted ?? null)},"changes":${json(exchange.facts.changes?.list() ?? [])},` +
    `"query":${json(withoutPrivateKeys(exchange.url.search.slice(1, 4097)))},"request":{"headers":{`;
  const data =
    `${head}${request.json}},"body":${bodyJson(exchange.requestBody, RECORDED_BODY_BYTES)}},` +
    `"response":{"headers":{${response.json}},"body":${bodyJson(exchange.responseBody, RECORDED_ANSWER_BYTES)}},` +
    `${doctorsJson(exchange.facts.signatureRefused ?? exchange.facts.signatureAdvice)}}`;
  const row = {
    id,
    at: exchange.at,
    status: exchange.status,
    operation,
    tpp: tpp?.tpp.certificateSha256 ?? null,
    bytes: data.length,
    data,
  };
  return request.apart === undefined ? { row } : { row, certificate: { text: request.apart.text, at: head.length + request.apart.at } };
}

/**
 * Keeps an exchange in the traffic record of the sandbox that answered it, if it keeps one and the exchange is one it
 * records: after the answer was sent, never delaying it; a record that cannot be stored is reported, never answered.
 */
export function recordExchange(env: SandboxEnv | undefined, exchange: Exchange): void {
  const traffic = env?.traffic;
  if (env === undefined || traffic === undefined || exchange.facts.ownPage === true || !isRecorded(exchange.method, exchange.path ?? exchange.url.pathname))
    return;
  const failed = (error: unknown) => env.reportFailure?.(error, `recording ${exchange.method} ${exchange.url.pathname}`);
  // No promise between the answer and the store where none is needed: each costs every request the server answers.
  const keep = (entry: TrafficEntry) =>
    env.store.recordTraffic(entry, traffic.limits).then(() => {
      traffic.recorded(entry.row.id);
    }, failed);
  try {
    const entry = trafficEntryOf(exchange);
    if (entry instanceof Promise) entry.then(keep, failed);
    else void keep(entry);
  } catch (error) {
    failed(error);
  }
}
