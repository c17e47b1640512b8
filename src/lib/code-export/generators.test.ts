import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { operationById } from "../../contract/operations";
import { importCertificateAndKey } from "../../signing/index";
import { DEFAULT_SIGNED_HEADER_ORDER } from "../../signing/signed-header-policy";
import { draftRequest } from "../request-draft";
import { exampleCodeRequest, placeholder } from "./example-request";
import { generators } from "./languages";
import { codeRequestFromDraft, journeyFrom, slug, standAlone, type CodeRequest } from "./request-model";

const body = `{"remittanceInformationUnstructured":"Åse's \\"middag\\" $HOME \`x\` \\\\ ok"}`;
const payment: CodeRequest = codeRequestFromDraft(
  {
    method: "POST",
    target: "/v1/payments/norwegian-domestic-credit-transfers",
    headers: {
      "X-Request-ID": "4b7c1d2e-0000-4000-8000-000000000001",
      "PSU-ID": "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21",
      "TPP-Redirect-URI": "https://tpp.example.no/callback",
      Date: "Tue, 24 Nov 2026 08:00:00 GMT",
      Digest: "SHA-256=x",
      Signature: "keyId=…",
      "TPP-Signature-Certificate": "MII…",
      Host: "127.0.0.1:4010",
      "Content-Type": "application/json",
    },
    body,
  },
  "http://127.0.0.1:4010/",
  "Create NDCT payment",
);

describe("the request model", () => {
  test("keeps what the TPP chooses, in order, and leaves out what the code makes each run", () => {
    expect(payment.base).toBe("http://127.0.0.1:4010");
    expect(payment.headers.map(([name]) => name)).toEqual(["PSU-ID", "TPP-Redirect-URI", "Content-Type"]);
    expect(payment.body).toBe(body);
  });

  test("the journey reads the status for the initiation's PSU", () => {
    expect(journeyFrom(payment).readHeaders).toEqual([["PSU-ID", "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21"]]);
  });

  test("is what the console's draft makes: path parameters and query in the path", () => {
    const operation = operationById("listSandboxTransactions");
    const draft = draftRequest(
      { operation, params: { mockAccountId: "acc 1" }, query: { limit: "2", after: "" }, headers: { "X-Request-ID": "r" } },
      "http://h",
    );
    expect(codeRequestFromDraft(draft, "http://h", operation.title)).toEqual({
      title: "Get sandbox account transactions",
      method: "GET",
      base: "http://h",
      path: "/v1/sandbox/accounts/acc%201/transactions?limit=2",
      headers: [],
    });
  });

  test("a reference page's example names the identifiers it cannot know", () => {
    const { request, placeholders } = exampleCodeRequest(
      operationById("getPaymentStatus"),
      { accounts: [], customers: [], today: "2026-11-24", origin: "http://portal", psuId: "p", sessionId: "s" },
      "http://h",
    );
    expect(placeholders).toEqual(["PAYMENT_ID"]);
    expect(request.path).toBe("/v1/payments/norwegian-domestic-credit-transfers/PAYMENT_ID/status");
    expect(placeholder("mockAccountId")).toBe("MOCK_ACCOUNT_ID");
    expect(slug("Get NDCT payment status")).toBe("get-ndct-payment-status");
  });
});

describe.each(generators.map((generator) => [generator.id, generator] as const))("%s", (_id, generator) => {
  const code = generator.request(payment);
  const journey = generator.journey(journeyFrom(payment));

  test("signs the headers the policy names, in its order, computed at run time", () => {
    // The list as the language writes it: quoted and comma-separated, or space-separated in bash.
    const names = DEFAULT_SIGNED_HEADER_ORDER as readonly string[];
    expect(code.includes(names.map((name) => `"${name}"`).join(", ")) || code.includes(`"${names.join(" ")}"`)).toBe(true);
    expect(code).toContain("tpp-key.pem");
    expect(code).toContain("tpp-cert.pem");
    expect(code).toContain("http://127.0.0.1:4010");
    // Nothing of the portal's own signature is reused: each run makes its own.
    expect(code).not.toContain("4b7c1d2e-0000-4000-8000-000000000001");
    expect(code).not.toContain("Tue, 24 Nov 2026");
  });

  test("carries the header values and the body (quoted for the language)", () => {
    expect(code).toContain("5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21");
    expect(code).toContain("https://tpp.example.no/callback");
    expect(code).toContain("Åse");
  });

  test("the journey: create, approve through the control route, run the batch, read the status", () => {
    const steps = ["/v1/payments/norwegian-domestic-credit-transfers", "/__sandbox/sca/payment/", "/__sandbox/batch/run", "/status"].map((part) =>
      journey.indexOf(part),
    );
    expect(steps.every((index) => index > 0)).toBe(true);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
  });

  test("a file name the language's tools accept", () => {
    expect(generator.fileName("create-ndct-payment")).toMatch(/^[A-Za-z_][\w-]*\.(sh|mjs|py|java|go)$/);
  });
});

test("the public test pair (public/test-credentials) is a key and its certificate, valid until 2046", async () => {
  const read = (file: string) => readFileSync(new URL(`../../../public/test-credentials/${file}`, import.meta.url), "utf8");
  const { certificate } = await importCertificateAndKey(read("tpp-cert.pem"), read("tpp-key.pem"));
  expect(certificate.subject).toBe("CN=Public Sandbox TPP,organizationIdentifier=PSDNO-FSA-000000000,O=Public Sandbox TPP AS,C=NO");
  expect(certificate.notAfter.toISOString()).toBe("2046-01-01T00:00:00.000Z");
});

test("a signing basket's paymentIds become variables read from the environment, like a path's ids", () => {
  const basket = standAlone(
    { title: "Create signing basket", method: "POST", base: "http://h", path: "/v1/signing-baskets", headers: [], body: '{"paymentIds":["p-1","p-2"]}' },
    { accounts: [], customers: [], today: "2026-11-24" },
  );
  expect(basket.body).toBe('{"paymentIds":["{{paymentId1}}","{{paymentId2}}"]}');
  for (const generator of generators) {
    const code = generator.request(basket);
    expect(code).toContain("PAYMENT_ID2");
    expect(code).not.toContain("p-1");
  }
});
