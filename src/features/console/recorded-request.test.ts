import { describe, expect, it } from "vitest";
import { componentRef } from "../../contract/component-ref";
import { buildOpenApiDocument } from "../../contract/openapi";
import { operations } from "../../contract/operations";
import { fieldNodes } from "../../lib/form-fields";
import type { JsonSchema } from "../../lib/schema-rows";
import { recordedEdits } from "./recorded-request";

const components = buildOpenApiDocument().components.schemas as Record<string, JsonSchema>;
const createPayment = operations.find((operation) => operation.id === "createPayment");
if (!createPayment?.body) throw new Error("createPayment has a body");
const bodyRef = componentRef(createPayment.body);
if (!bodyRef) throw new Error("createPayment's body is a component");
const nodes = fieldNodes(bodyRef, components);

const recorded = (body: string) => ({
  request: {
    method: "POST",
    url: "http://localhost/v1/payments/norwegian-domestic-credit-transfers",
    headers: {
      "x-request-id": "old",
      "PSU-IP-Address": "198.51.100.7",
      Accept: "application/json",
      "Content-Type": "application/json",
      Digest: "SHA-256=x",
      Signature: "s",
    },
    body,
  },
  unsentHeaders: { Host: "localhost", Date: "Mon, 01 Jan 2024 00:00:00 GMT" },
});

describe("a recorded request as the console's edits", () => {
  it("takes every header the operation has, as recorded (a missing one left empty), never the X-Request-ID or what the signature covers", () => {
    const [headers] = recordedEdits(createPayment, recorded("{}"), nodes);
    expect(headers?.path).toEqual(["headers"]);
    const value = headers?.value as Record<string, string | undefined>;
    expect(value["PSU-IP-Address"]).toBe("198.51.100.7");
    expect(value.Accept).toBe("application/json");
    expect("TPP-Redirect-URI" in value && value["TPP-Redirect-URI"] === undefined).toBe(true);
    expect(value).not.toHaveProperty("X-Request-ID");
    expect(value.Digest).toBeUndefined();
    expect(value.Signature).toBeUndefined();
  });

  it("a body the fields hold exactly goes into the fields", () => {
    const body = {
      instructedAmount: { amount: "777.00", currency: "NOK" },
      creditorName: "Ola",
      creditorAccount: { bban: "97100000044" },
      debtorAccount: { bban: "97100000028" },
    };
    expect(recordedEdits(createPayment, recorded(JSON.stringify(body)), nodes).slice(1)).toEqual([
      { path: ["body"], value: body },
      { path: ["rawMode"], value: false },
    ]);
  });

  it("a body the fields cannot hold as it is (unknown key, a number for a text, broken JSON) stays JSON text, exactly as sent", () => {
    for (const body of [
      '{"instructedAmount":{"amount":250,"currency":"NOK"}}',
      '{"creditorName":"Ola","extra":1}',
      '{"creditorName":',
      '{"remittanceInformationStructured":{}}',
    ]) {
      expect(recordedEdits(createPayment, recorded(body), nodes).slice(1)).toEqual([
        { path: ["rawMode"], value: true },
        { path: ["rawBody"], value: body },
      ]);
    }
  });
});
