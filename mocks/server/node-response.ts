/** From WHATWG back to node:http: status, headers (Set-Cookie kept apart) and body, plus CORS. */
import type { ServerResponse } from "node:http";
import type { WireAnswer } from "../http/incoming";
import { setCorsHeaders } from "./cors";
import { jsonError } from "./json-errors";

/** The body, read whole; a body that fails to read turns the answer into a 500 that says so. */
async function readAnswer(response: Response): Promise<{ response: Response; body: Buffer | undefined }> {
  try {
    return { response, body: response.body === null ? undefined : Buffer.from(await response.arrayBuffer()) };
  } catch (error) {
    const failed = jsonError(
      500,
      "SYSTEM_ERROR",
      `The sandbox's answer could not be read: ${error instanceof Error ? error.message : String(error)}. This is a sandbox bug.`,
    );
    return { response: failed, body: Buffer.from(await failed.arrayBuffer()) };
  }
}

/** Writes `answer` unless the connection is gone; never throws (a write error is the client's leaving). */
export async function sendResponse(res: ServerResponse, answer: Response, options: { close?: boolean; allowedOrigin?: string } = {}): Promise<void> {
  const { response, body } = await readAnswer(answer);
  if (res.destroyed || res.writableEnded || res.headersSent) return;
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie" && name !== "content-length") res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  setCorsHeaders(res, options.allowedOrigin);
  if (options.close) res.setHeader("Connection", "close");
  const noBody = response.status === 204 || response.status === 304;
  // A HEAD answer has no body but says how long the GET body is: keep the dispatcher's Content-Length.
  const declared = res.req.method === "HEAD" && body === undefined ? response.headers.get("content-length") : null;
  if (!noBody) res.setHeader("Content-Length", declared ?? body?.length ?? 0);
  await new Promise<void>((resolve) => {
    res.end(noBody ? undefined : body, () => {
      resolve();
    });
    res.once("close", () => {
      resolve();
    });
  });
}

/** Writes a dispatcher answer as it is (no WHATWG Response in between); never throws. */
export async function sendWire(res: ServerResponse, wire: WireAnswer, options: { close?: boolean; allowedOrigin?: string } = {}): Promise<void> {
  if (res.destroyed || res.writableEnded || res.headersSent) return;
  res.statusCode = wire.status;
  for (const [name, value] of Object.entries(wire.headers)) res.setHeader(name, value);
  setCorsHeaders(res, options.allowedOrigin);
  if (options.close) res.setHeader("Connection", "close");
  const noBody = wire.status === 204 || wire.status === 304;
  // The text goes to the socket as it is (node encodes it once as it writes); only its length is counted here.
  const body = noBody ? undefined : wire.body;
  // A HEAD answer keeps the dispatcher's Content-Length (how long the GET body is).
  if (!noBody && body !== undefined) res.setHeader("Content-Length", Buffer.byteLength(body));
  else if (!noBody && !res.hasHeader("Content-Length")) res.setHeader("Content-Length", 0);
  await new Promise<void>((resolve) => {
    res.end(body, () => {
      resolve();
    });
    res.once("close", () => {
      resolve();
    });
  });
}
