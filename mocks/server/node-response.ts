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

/** How long, and how much, a refused request's body is still read and dropped after its answer before the connection is cut. */
export const LINGER = { ms: 2000, bytes: 4 * 1024 * 1024 };

/**
 * A request answered before its body was read (refused on its headers or its size) gets `Connection:
 * close`, and node:http then closes the socket as soon as the answer is written. Unread bytes in the
 * kernel make that close a reset, and a client still sending (fetch does) may lose the answer in it
 * ("write EPIPE"). So, as nginx's lingering close does, the server half-closes (its answer and FIN
 * go out) and reads on, dropping what comes, for at most LINGER, then cuts the connection: bounded
 * work, no memory held, and the client reads its answer.
 */
function closeAfter(res: ServerResponse): void {
  res.setHeader("Connection", "close");
  const { req } = res;
  const socket = res.socket;
  if (req.complete || socket === null || socket.destroyed) return;
  socket.destroySoon = () => {
    socket.end();
    const cut = () => socket.destroy();
    let dropped = 0;
    req.on("data", (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER.bytes) cut();
    });
    const timer = setTimeout(cut, LINGER.ms).unref();
    socket.once("close", () => clearTimeout(timer));
  };
}

/** Writes `answer` unless the connection is gone; never throws (a write error is the client's leaving). */
export async function sendResponse(
  res: ServerResponse,
  answer: Response,
  options: { close?: boolean; allowedOrigin?: string; sent?: (body: Buffer | undefined) => void } = {},
): Promise<void> {
  const { response, body } = await readAnswer(answer);
  options.sent?.(body);
  if (res.destroyed || res.writableEnded || res.headersSent) return;
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie" && name !== "content-length") res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  setCorsHeaders(res, options.allowedOrigin);
  if (options.close) closeAfter(res);
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
  if (options.close) closeAfter(res);
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
