/**
 * An example request and answer written out as HTTP messages, as a TPP's server sends and receives
 * them. What the server computes for every request (X-Request-ID, Date, Digest, the certificate and
 * the Signature) is shown as a placeholder that says what goes there.
 */
import type { ExampleResponse } from "../../contract/example-responses";
import type { CodeRequest } from "../../lib/code-export/request-model";
import { SIGNED_HEADER_ORDER } from "../../lib/code-export/request-model";
import { reasonPhrase } from "../../lib/http-status";

const pretty = (body: unknown) => JSON.stringify(body, null, 2);

function prettyText(text: string): string {
  try {
    return pretty(JSON.parse(text));
  } catch {
    return text;
  }
}

export function requestMessage(request: CodeRequest): string {
  const chosen = request.headers.map(([name, value]) => `${name}: ${value}`);
  const present = new Set(["x-request-id", "date", ...(request.body === undefined ? [] : ["digest"]), ...request.headers.map(([name]) => name.toLowerCase())]);
  const signed = SIGNED_HEADER_ORDER.filter((name) => present.has(name)).join(" ");
  const lines = [
    `${request.method} ${request.path} HTTP/1.1`,
    `Host: ${new URL(request.base).host}`,
    ...chosen,
    "X-Request-ID: <a new UUID for every request>",
    "Date: <now, as an HTTP date>",
    ...(request.body === undefined ? [] : ["Digest: SHA-256=<base64 of the SHA-256 hash of the body's exact bytes>"]),
    "TPP-Signature-Certificate: <your certificate: base64 of its DER, one line>",
    `Signature: keyId="SN=<certificate serial, hex>,CA=<issuer>",algorithm="rsa-sha256",headers="${signed}",signature="<base64 RSA-SHA256 of the signing string>"`,
  ];
  return request.body === undefined ? lines.join("\n") : `${lines.join("\n")}\n\n${prettyText(request.body)}`;
}

export function responseMessage(response: ExampleResponse): string {
  const lines = [
    `HTTP/1.1 ${String(response.status)} ${reasonPhrase(response.status, "")}`.trimEnd(),
    ...Object.entries(response.headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return response.body === undefined ? lines.join("\n") : `${lines.join("\n")}\n\n${pretty(response.body)}`;
}
