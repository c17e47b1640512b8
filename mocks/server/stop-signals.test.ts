/**
 * One stop signal, sent as a terminal (Ctrl+C) or a container runtime (SIGTERM) sends it: to the whole
 * process group of `npm run sandbox`, whose parents relay it to their child too. The server takes it once:
 * requests in flight are answered, the exit code is 0. A second signal, sent later, stops it at once.
 */
import { spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { describe, expect, test } from "vitest";
import { signRequest } from "../../src/signing/index";
import { KARI, NDCT, initiationHeaders, paymentBody, testCertificate } from "../test-helpers";
import { ROOT } from "./cli.test-helpers";
import { REPEATED_SIGNAL_WINDOW_MS } from "./main";

/** `npm run sandbox -- …args` in a process group of its own, as a terminal starts it. */
function startInGroup(args: string[]) {
  const child = spawn("npm", ["run", "--silent", "sandbox", "--", ...args], { cwd: ROOT, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.on("exit", (code, signal) => done({ code, signal })));
  const seen = async (pattern: RegExp) => {
    await expect.poll(() => pattern.test(output) || child.exitCode !== null, { timeout: 60_000, interval: 50 }).toBe(true);
    if (!pattern.test(output)) throw new Error(`no ${String(pattern)} in the output:\n${output}`);
    return output;
  };
  const group = child.pid ?? 0;
  const signalGroup = (signal: NodeJS.Signals) => process.kill(-group, signal);
  /** Whatever of the group is left (the server itself, when npm has gone before it). */
  const kill = () => {
    try {
      signalGroup("SIGKILL");
    } catch {
      // Nothing left.
    }
  };
  return { exited, seen, output: () => output, signalGroup, kill };
}

/**
 * A signed payment initiation that waits, after the server has taken its headers (`Expect: 100-continue`
 * answered), for its body: in flight, for certain, until `finish` sends the body.
 */
async function heldInitiation(url: string) {
  const body = JSON.stringify(paymentBody({ bban: "97100000028" }, { bban: "97100000044" }));
  const headers: Record<string, string> = { ...initiationHeaders(KARI), "X-Request-ID": crypto.randomUUID(), "Content-Type": "application/json" };
  const { privateKey, certificatePem } = await testCertificate();
  Object.assign(headers, (await signRequest({ method: "POST", url: NDCT, headers, body }, { privateKey, certificate: certificatePem })).headers);
  let continued!: () => void;
  const taken = new Promise<void>((resolve) => (continued = resolve));
  const req = httpRequest(`${url}${NDCT}`, {
    method: "POST",
    headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)), Expect: "100-continue" },
  });
  const answered = new Promise<number | string>((resolve) => {
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", (error) => resolve(`no answer: ${error.message}`));
  });
  req.on("continue", continued);
  req.flushHeaders();
  return { taken, answered, finish: () => req.end(body) };
}

const IN_FLIGHT = 20;

describe.each(["SIGTERM", "SIGINT"] as const)("%s to the process group of npm run sandbox", { timeout: 120_000 }, (signal) => {
  test(`is taken once: the ${String(IN_FLIGHT)} requests in flight are answered, and the exit code is 0`, async () => {
    const server = startInGroup(["--port", "0"]);
    try {
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(await server.seen(/Stop with Ctrl\+C\./))?.[1] ?? "";
      const requests = await Promise.all(Array.from({ length: IN_FLIGHT }, () => heldInitiation(url)));
      await Promise.all(requests.map((request) => request.taken));
      server.signalGroup(signal);
      await server.seen(/stopping/);
      for (const request of requests) request.finish();
      expect(await Promise.all(requests.map((request) => request.answered))).toEqual(Array.from({ length: IN_FLIGHT }, () => 201));
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(server.output()).not.toMatch(/exiting without waiting/);
    } finally {
      server.kill();
    }
  });

  test("a second one, sent later, stops it at once (exit code 130), without waiting for the requests in flight", async () => {
    const server = startInGroup(["--port", "0"]);
    try {
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(await server.seen(/Stop with Ctrl\+C\./))?.[1] ?? "";
      const requests = await Promise.all(Array.from({ length: 3 }, () => heldInitiation(url)));
      await Promise.all(requests.map((request) => request.taken));
      server.signalGroup(signal);
      expect(await server.seen(/stopping/)).toMatch(/Press Ctrl\+C again to stop at once/);
      // The bodies never come, so the server would wait its whole grace period for them; the second signal comes after the window.
      await new Promise((resolve) => setTimeout(resolve, 2 * REPEATED_SIGNAL_WINDOW_MS));
      server.signalGroup(signal);
      expect((await server.exited).code).toBe(130);
      for (const answered of await Promise.all(requests.map((request) => request.answered))) expect(answered).toMatch(/^no answer/);
    } finally {
      server.kill();
    }
  });
});
