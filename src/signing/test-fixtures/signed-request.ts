import { headerValue, withHeader } from "../headers";
import { formatSignatureHeader, parseSignatureHeader, type SignatureParams } from "../signature-header";
import { type SignOptions, signRequest } from "../sign";
import type { TestCertificate } from "../test-certificate";
import type { SignableRequest } from "../types";

// A realistic signed payment initiation, and helpers to tamper with it in tests.

export const PAYMENT_BODY = JSON.stringify({
  instructedAmount: { currency: "NOK", amount: "1250.00" },
  debtorAccount: { bban: "12345678903" },
  creditorName: "Kari Nordmann Ærlig Østby",
  creditorAccount: { bban: "98765432106" },
});

export const PAYMENT_REQUEST: SignableRequest = {
  method: "POST",
  url: "https://api.sandbox.example.no/v1/payments/norwegian-domestic-credit-transfers?lang=nb",
  headers: {
    "Content-Type": "application/json",
    "X-Request-ID": "99391c7e-ad88-49ec-a2ad-99ddcb1f7721",
    "PSU-ID": "3f2b8c1e-5a4d-4e6f-9b7a-1c2d3e4f5a6b",
    "TPP-Redirect-URI": "https://tpp.example.no/callback?state=abc",
  },
  body: PAYMENT_BODY,
};

export async function signed(tpp: TestCertificate, request: SignableRequest = PAYMENT_REQUEST, options?: SignOptions): Promise<SignableRequest> {
  const result = await signRequest(request, { privateKey: tpp.privateKey, certificate: tpp.certificatePem }, options);
  return { ...request, headers: { ...request.headers, ...result.headers } };
}

export function setHeader(request: SignableRequest, name: string, value: string | undefined): SignableRequest {
  const headers =
    value === undefined
      ? Object.fromEntries(Object.entries(request.headers).filter(([k]) => k.toLowerCase() !== name.toLowerCase()))
      : withHeader(request.headers, name, value);
  return { ...request, headers };
}

/** Rewrites Signature header parameters that are not signed (keyId, algorithm) while keeping the signature. */
export function editSignature(request: SignableRequest, edit: (params: SignatureParams) => SignatureParams): SignableRequest {
  const parsed = parseSignatureHeader(headerValue(request.headers, "signature") ?? "");
  if (!parsed.ok) throw new Error(parsed.message);
  return setHeader(request, "Signature", formatSignatureHeader(edit(parsed.value)));
}
