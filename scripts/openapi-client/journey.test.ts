/**
 * A client generated from /openapi.json the way a TPP would make one (openapi-typescript types,
 * openapi-fetch calls, one signing middleware) runs the whole journey against the standalone
 * server: create a payment, approve SCA through the sandbox control route, run the batch, read
 * the status. No type assertion anywhere: the generated types must carry it (issue 11, point 5).
 * Also holds the committed types to the contract: regenerate with npm run generate:openapi-types.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import createClient, { type Middleware } from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startSandboxServer, type SandboxServer } from "../../mocks/server/start";
import { generateTestCertificate, signRequest } from "../../src/signing/index";
import type { paths } from "./openapi-types.gen";
import { openApiTypesSource } from "./types-source";

const KARI = "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21";
const PAYMENT = "/v1/payments/norwegian-domestic-credit-transfers";

/** Signs every interface request as spec 5 asks: Digest, Signature and the certificate, from the request as sent. */
async function signingMiddleware(): Promise<Middleware> {
  const certificate = await generateTestCertificate({ tppName: "Generated Client TPP" });
  return {
    async onRequest({ request }) {
      const url = new URL(request.url);
      if (!url.pathname.startsWith("/v1/")) return request;
      const body = await request.clone().text();
      const signed = await signRequest(
        { method: request.method, url: url.pathname + url.search, headers: Object.fromEntries(request.headers), body },
        { privateKey: certificate.privateKey, certificate: certificate.certificatePem },
      );
      request.headers.set("Digest", signed.headers.Digest);
      request.headers.set("Signature", signed.headers.Signature);
      request.headers.set("TPP-Signature-Certificate", signed.headers["TPP-Signature-Certificate"]);
      return request;
    },
  };
}

let server: SandboxServer;
let client: ReturnType<typeof createClient<paths>>;

beforeAll(async () => {
  server = await startSandboxServer({ port: 0 });
  client = createClient<paths>({ baseUrl: server.url });
  client.use(await signingMiddleware());
});
afterAll(async () => {
  await server.close();
});

describe("a client generated with openapi-typescript and openapi-fetch", () => {
  test("the committed types are what openapi-typescript makes of the document now", async () => {
    const committed = await readFile(join(import.meta.dirname, "openapi-types.gen.ts"), "utf8");
    expect(committed === (await openApiTypesSource()), "run npm run generate:openapi-types and commit the result").toBe(true);
    // No `unknown` but where openapi-typescript always writes one (other response headers) and the
    // export's store records (a whole sandbox, checked by the store on import, opaque on purpose).
    const unknowns = committed
      .split("\n")
      .filter((line) => line.includes("unknown") && !/^\s*(\[name: string\]: unknown|\[key: string\]: unknown\[\]);$/.test(line));
    expect(unknowns).toEqual([]);
  });

  test("runs the journey: create a payment, approve SCA, run the batch, read the status", async () => {
    const created = await client.POST(PAYMENT, {
      params: {
        header: {
          "X-Request-ID": crypto.randomUUID(),
          "TPP-Session-ID": crypto.randomUUID(),
          "TPP-Redirect-URI": "https://tpp.example.no/callback",
          "PSU-IP-Address": "192.0.2.10",
          "PSU-ID": KARI,
        },
      },
      body: {
        instructedAmount: { amount: "125.50", currency: "NOK" },
        creditorName: "Ola Nordmann",
        creditorAccount: { bban: "97100000044", currency: "NOK" },
        debtorAccount: { iban: "NO7797100000028", currency: "NOK" },
        remittanceInformationUnstructured: "Generated client",
      },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const paymentId = created.data?.paymentId ?? "";
    expect(created.data?.transactionStatus).toBe("RCVD");
    expect(created.response.headers.get("Location")).toBe(`${server.url}${PAYMENT}/${paymentId}`);

    const approved = await client.POST("/__sandbox/sca/{subject}/{id}", {
      params: { path: { subject: "payment", id: paymentId } },
      body: { decision: "approve" },
    });
    expect(approved.response.status, JSON.stringify(approved.error)).toBe(200);

    const batch = await client.POST("/__sandbox/batch/run");
    expect(batch.response.status, JSON.stringify(batch.error)).toBe(200);
    expect(batch.data?.runs.flatMap((run) => run.settled)).toContain(paymentId);

    const status = await client.GET(`${PAYMENT}/{paymentId}/status`, {
      params: { path: { paymentId }, header: { "X-Request-ID": crypto.randomUUID() } },
    });
    expect(status.response.status, JSON.stringify(status.error)).toBe(200);
    expect(status.data).toEqual({ transactionStatus: "ACSC", fundsAvailable: true });
  });

  test("an error answer arrives typed as the document's tppMessages", async () => {
    const missing = await client.GET(`${PAYMENT}/{paymentId}`, {
      params: { path: { paymentId: "no-such-payment" }, header: { "X-Request-ID": crypto.randomUUID() } },
    });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.tppMessages.map((message) => message.code)).toEqual(["RESOURCE_UNKNOWN"]);
  });
});
