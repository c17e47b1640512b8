/**
 * Who a request acts for (spec 5.8, 7 rule 1): the PSU its headers name must exist, a corporate PSU
 * must name its company in PSU-Corporate-ID (400 otherwise, since release 1.7.20), and a PSU-Corporate-ID
 * must be that PSU's company. The dispatcher applies this to every operation that takes PSU headers.
 */
import type { CustomerRecord } from "../store/records";
import { psuLabel, type PsuHeaders } from "./customers";
import { refuse, succeed, type Outcome } from "./outcome";

export function checkActingPsu(psu: CustomerRecord | undefined, headers: PsuHeaders): Outcome<CustomerRecord> {
  const named = psuLabel(headers);
  if (!psu)
    return refuse(
      "PSU_CREDENTIALS_INVALID",
      `No PSU with ${named.header} ${named.value} in this sandbox. Use a customer's PSU-ID from the sandbox explorer, or create an account for this customer first.`,
      named.header,
    );
  const corporateId = headers["PSU-Corporate-ID"];
  if (psu.kind === "corporate" && corporateId === undefined)
    return refuse(
      "HTTP_HEADER_REQUIRED",
      `This PSU acts for company ${psu.customerNumber}: a corporate request needs the header PSU-Corporate-ID: ${psu.customerNumber}.`,
      "PSU-Corporate-ID",
    );
  if (corporateId !== undefined && corporateId !== psu.customerNumber)
    return refuse(
      "FORBIDDEN",
      psu.kind === "private"
        ? `PSU ${named.value} is a private customer and cannot act for company ${corporateId}; leave PSU-Corporate-ID out.`
        : `PSU ${named.value} acts for company ${psu.customerNumber}, not ${corporateId}.`,
      "PSU-Corporate-ID",
    );
  return succeed(psu);
}
