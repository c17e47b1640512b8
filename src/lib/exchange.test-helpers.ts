/** A recorded exchange for tests of what is reused from it (the history's replay, the console's "Open in console"). */
import type { Exchange } from "./exchange";

export const sentContactEmail: Pick<Exchange, "operationId" | "request" | "unsentHeaders"> = {
  operationId: "registerContactEmail",
  request: {
    method: "PUT",
    url: "http://localhost:4312/v1/sandbox/tpp/contact-email",
    headers: {
      "X-Request-ID": "old-id",
      Accept: "application/json",
      "Content-Type": "application/json",
      Digest: "SHA-256=old",
      Signature: 'keyId="old"',
      "TPP-Signature-Certificate": "MIIold",
    },
    body: '{"email":"developer@tpp.example"}',
  },
  unsentHeaders: { "Accept-Language": "nb", Date: "Mon, 01 Jan 2024 00:00:00 GMT", Host: "old.example" },
};
