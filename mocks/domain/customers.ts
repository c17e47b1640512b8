/** Customers of the sandbox (design, "Customers"): created on first use, each with a PSU-ID. */
import { customerKindOf } from "../../src/contract/identifiers";
import type { CustomerRecord } from "../store/records";

export function newCustomer(customerNumber: string, createdAt: number, psuId: string, name?: string): CustomerRecord {
  const kind = customerKindOf(customerNumber);
  return {
    customerNumber,
    kind,
    psuId,
    name: name ?? (kind === "corporate" ? `Company ${customerNumber}` : `Customer ${customerNumber}`),
    createdAt,
  };
}

/** How a request names its PSU: by PSU-ID (UUID) or X-PSU-IDENTITY (national identity number). */
export interface PsuHeaders {
  "PSU-ID"?: string | undefined;
  "X-PSU-IDENTITY"?: string | undefined;
  "PSU-Corporate-ID"?: string | undefined;
  "PSU-Context"?: string | undefined;
}

export function psuLabel(headers: PsuHeaders): { header: "PSU-ID" | "X-PSU-IDENTITY"; value: string } {
  return headers["PSU-ID"] !== undefined
    ? { header: "PSU-ID", value: headers["PSU-ID"] }
    : { header: "X-PSU-IDENTITY", value: headers["X-PSU-IDENTITY"] ?? "" };
}
