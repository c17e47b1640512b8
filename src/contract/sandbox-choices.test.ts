import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { errorCodes, extensionErrorCodes, specErrorCodes } from "./errors";
import { buildOpenApiDocument } from "./openapi";
import { operationById } from "./operations";
import {
  decisionNumber,
  decisionRecords,
  errorCodeChoice,
  errorStatusChoice,
  fieldChoice,
  headerChoice,
  labelledFields,
  operationChoices,
  statusTransitionsChoice,
  type DecisionId,
} from "./sandbox-choices";

describe("the sandbox's labelled choices", () => {
  it("link only to decision records that exist", () => {
    for (const decision of decisionRecords) expect(existsSync(`docs/decisions/${decision}.md`), decision).toBe(true);
  });

  it("label fields that exist in the published schemas", () => {
    const schemas = buildOpenApiDocument().components.schemas as Record<string, { properties?: Record<string, unknown> }>;
    for (const [component, property] of labelledFields()) expect(Object.keys(schemas[component]?.properties ?? {}), component).toContain(property);
  });

  it("label the single payment's guessed fields, not the periodic payment's stated ones", () => {
    expect(fieldChoice("SinglePaymentRequest", "creditorName")).toEqual({ decision: "0002-single-payment-fields", what: "Required" });
    expect(fieldChoice("PeriodicPaymentRequest", "creditorName")).toBeUndefined();
    expect(fieldChoice("StructuredReference", "reference")?.decision).toBe("0002-single-payment-fields");
    expect(fieldChoice(undefined, "creditorName")).toBeUndefined();
    expect(fieldChoice("SinglePaymentRequest", "toString")).toBeUndefined();
  });

  it("label the codes spec 7 does not list, except the one its rule 2 names", () => {
    const labelled = errorCodes.filter((code) => errorCodeChoice(code));
    expect(labelled).toEqual(extensionErrorCodes.filter((code) => code !== "REFERENCE_MIX_INVALID"));
    expect(specErrorCodes.some((code) => errorCodeChoice(code))).toBe(false);
    expect(errorCodeChoice("CONTENT_TOO_LARGE")?.decision).toBe("0019-signature-header-statuses-and-size-codes");
  });

  it("label every status spec 7 does not state", () => {
    expect(errorStatusChoice("KID_INVALID")).toBeUndefined();
    expect(errorStatusChoice("BAD_REQUEST")).toBeUndefined();
    expect(errorStatusChoice("FORMAT_ERROR")?.decision).toBe("0004-error-codes-and-statuses");
    expect(errorStatusChoice("HEADER_FIELDS_TOO_LARGE")?.decision).toBe("0019-signature-header-statuses-and-size-codes");
  });

  it("label chosen paths and the header sets the spec does not name", () => {
    expect(operationChoices(operationById("getPayment")).map((choice) => choice.what)).toEqual([
      "Path",
      "Header set and response body",
      "Only the TPP that created it sees it (another gets 404), and PSU headers must name its PSU (403)",
    ]);
    expect(operationChoices(operationById("deleteSigningBasket")).at(-1)?.decision).toBe("0058-ownership-rejection-reasons-and-number-ranges");
    expect(operationChoices(operationById("createSigningBasket")).at(-1)?.what).toBe("Only the TPP's own payments go in (another TPP's are unknown)");
    expect(operationChoices(operationById("createPayment")).map((choice) => choice.what)).toEqual(["Header set and response body"]);
    expect(operationChoices(operationById("createPeriodicPayment"))).toEqual([]);
    expect(operationChoices(operationById("listSandboxTransactions"))).toEqual([]);
  });

  it("label header formats and the transitions", () => {
    expect(headerChoice("X-Request-ID")?.decision).toBe("0006-header-formats");
    expect(headerChoice("Signature")).toBeUndefined();
    expect(statusTransitionsChoice.decision).toBe("0032-payment-status-transitions");
    expect(decisionNumber("0004-error-codes-and-statuses" satisfies DecisionId)).toBe("0004");
  });
});
