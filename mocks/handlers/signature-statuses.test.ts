import { beforeEach, describe, expect, test } from "vitest";
import { errorStatus } from "../../src/contract/errors";
import { KARI, testCertificate, testClient, type TestClient } from "../test-helpers";

let client: TestClient;
const account = { customerNumber: KARI.customerNumber, accountName: "Reisekonto", currency: "NOK" };
const store = async () => (await client.sandbox.env.store.exportAll()).stores;

beforeEach(async () => {
  client = await testClient();
});

async function messagesOf(response: { json: () => Promise<unknown> }) {
  return ((await response.json()) as { tppMessages: { code: string; path?: string; text: string }[] }).tppMessages;
}

describe("Digest and certificate problems answer as docs/signing.md documents", () => {
  test("a PEM in TPP-Signature-Certificate: 401 CERTIFICATE_INVALID, alone, saying to send base64 DER; nothing changes", async () => {
    const before = await store();
    const pem = (await testCertificate()).certificatePem.replace(/\r?\n/g, "");
    const response = await client.send("POST", "/v1/sandbox/accounts", {
      body: { ...account, colour: "red" },
      afterSigning: (request) => {
        request.headers["TPP-Signature-Certificate"] = pem;
      },
    });
    expect(response.status).toBe(errorStatus.CERTIFICATE_INVALID);
    expect(response.status).toBe(401);
    const messages = await messagesOf(response);
    expect(messages.map((message) => [message.code, message.path])).toEqual([["CERTIFICATE_INVALID", "TPP-Signature-Certificate"]]);
    expect(messages[0]?.text).toMatch(/holds a PEM.*one line of base64 \(DER\)/);
    expect(await store()).toEqual(before);
  });

  test("a Digest with an unsupported algorithm: 401 SIGNATURE_INVALID naming it and the accepted ones", async () => {
    const response = await client.send("POST", "/v1/sandbox/accounts", {
      body: account,
      afterSigning: (request) => {
        request.headers.Digest = "MD5=rL0Y20zC+Fzt72VPzMSk2A==";
      },
    });
    expect(response.status).toBe(401);
    const messages = await messagesOf(response);
    expect(messages.map((message) => message.code)).toEqual(["SIGNATURE_INVALID"]);
    expect(messages[0]?.text).toMatch(/MD5.*only SHA-256 and SHA-512/);
  });

  test("a Digest that is not of the form algorithm=base64: 401 SIGNATURE_INVALID, not a 400", async () => {
    const response = await client.send("GET", "/v1/signing-baskets/b1/status", {
      afterSigning: (request) => {
        request.headers.Digest = "garbage";
      },
    });
    expect(response.status).toBe(401);
    expect((await messagesOf(response)).map((message) => [message.code, message.path])).toEqual([["SIGNATURE_INVALID", "Digest"]]);
  });
});
