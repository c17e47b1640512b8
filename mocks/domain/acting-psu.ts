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
  return contextRefusal(psu, headers, `PSU ${named.value}`) ?? succeed(psu);
}

/**
 * PSU-Context (spec 4.1: PRIVATE or CORPORATE) must say what the PSU is: the schema holds the values, this the meaning.
 * A bank that is told CORPORATE for a private customer does not guess which was meant (decision 0059).
 */
function contextRefusal(customer: CustomerRecord, headers: PsuHeaders, who: string) {
  const context = headers["PSU-Context"];
  const actual = customer.kind === "corporate" ? "CORPORATE" : "PRIVATE";
  if (context === undefined || context === actual) return undefined;
  return refuse(
    "BAD_REQUEST",
    customer.kind === "corporate"
      ? `PSU-Context is ${context}, but ${who} acts for company ${customer.customerNumber}: send PSU-Context: CORPORATE, or leave the header out.`
      : `PSU-Context is ${context}, but ${who} is a private customer: send PSU-Context: PRIVATE, or leave the header out.`,
    "PSU-Context",
  );
}

/** A payment or basket as far as who it acts for: the PSU that initiated it and the customer (the company, for a corporate PSU). */
export interface InitiatedBy {
  psuId: string;
  customerNumber: string;
}

/**
 * Who a request about an existing payment or basket acts for (decision 0058): a PSU its headers name must be the one
 * that initiated it (403 otherwise, at the header that named it). A request that names no PSU acts for that PSU, so
 * spec 7 rule 1 holds for it as for one naming it: a corporate one needs PSU-Corporate-ID, and a PSU-Corporate-ID
 * must be its company. `named` is the customer the headers name (undefined when they name none), `initiator` the
 * resource's own PSU.
 */
export function checkPsuOfResource(
  what: string,
  resource: InitiatedBy,
  named: CustomerRecord | undefined,
  initiator: CustomerRecord | undefined,
  headers: PsuHeaders,
): Outcome<unknown> {
  if (headers["PSU-ID"] !== undefined || headers["X-PSU-IDENTITY"] !== undefined) {
    const label = psuLabel(headers);
    if (named && named.psuId !== resource.psuId)
      return refuse(
        "FORBIDDEN",
        `${what} was initiated by another PSU than ${label.header} ${label.value}; send the PSU headers of the PSU that initiated it, or leave them out.`,
        label.header,
      );
    return checkActingPsu(named, headers);
  }
  if (!initiator) return succeed(resource);
  const corporateId = headers["PSU-Corporate-ID"];
  if (initiator.kind === "corporate" && corporateId === undefined)
    return refuse(
      "HTTP_HEADER_REQUIRED",
      `${what} was initiated for company ${initiator.customerNumber}: a request about it needs the header PSU-Corporate-ID: ${initiator.customerNumber}, with or without the PSU's own headers.`,
      "PSU-Corporate-ID",
    );
  if (corporateId !== undefined && corporateId !== initiator.customerNumber)
    return refuse(
      "FORBIDDEN",
      initiator.kind === "private"
        ? `${what} was initiated by a private customer, not for company ${corporateId}; leave PSU-Corporate-ID out.`
        : `${what} was initiated for company ${initiator.customerNumber}, not ${corporateId}.`,
      "PSU-Corporate-ID",
    );
  return contextRefusal(initiator, headers, `the customer ${what.toLowerCase()} was initiated for`) ?? succeed(resource);
}
