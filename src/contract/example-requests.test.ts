/** The portal's example requests (the reference's and the console's starting values) are requests the contract takes. */
import { expect, test } from "vitest";
import { EXAMPLE_IDS, exampleRequest, type ExampleContext } from "./example-requests";
import { SigningBasketRequest } from "./payments";

const context: ExampleContext = { accounts: [], customers: [], today: "2026-11-27", origin: "http://localhost:5173", psuId: "", sessionId: "s1" };

test("a signing basket's example names a payment: the page's, else the one the examples create", () => {
  const example = exampleRequest("createSigningBasket", context, {}).body;
  expect(SigningBasketRequest.safeParse(example).success).toBe(true);
  expect(example).toEqual({ paymentIds: [EXAMPLE_IDS.paymentId] });
  const ownId = "0b9f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
  expect(exampleRequest("createSigningBasket", context, { paymentId: ownId }).body).toEqual({ paymentIds: [ownId] });
  expect(exampleRequest("createSigningBasket", context, { paymentId: "" }).body).toEqual({ paymentIds: [EXAMPLE_IDS.paymentId] });
});
