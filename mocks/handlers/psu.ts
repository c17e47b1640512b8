/** Finds the customer a request's PSU headers name, and applies spec 7 rule 1 to every operation that acts for a PSU. */
import type { TppMessage } from "../../src/contract/common-objects";
import type { Operation } from "../../src/contract/operations";
import { checkActingPsu, checkPsuOfResource, type InitiatedBy } from "../domain/acting-psu";
import type { ReadOptions, ReadTx } from "../store/port";
import type { CustomerRecord } from "../store/records";
import type { PsuHeaders } from "../domain/customers";
import type { SandboxEnv } from "../env/sandbox-env";

export function findPsu(tx: ReadTx, headers: PsuHeaders): Promise<CustomerRecord | undefined> {
  if (headers["PSU-ID"] !== undefined) return tx.customerByPsuId(headers["PSU-ID"].toLowerCase());
  if (headers["X-PSU-IDENTITY"] !== undefined) return tx.customer(headers["X-PSU-IDENTITY"]);
  return Promise.resolve(undefined);
}

/** findPsu reads one row. */
const ONE_STATEMENT: ReadOptions = { oneStatement: true };

/** An operation acts for a PSU when the operation table gives it the PSU headers. */
export const actsForPsu = (operation: Operation): boolean => "PSU-ID" in operation.headers.shape;

/**
 * Why the PSU a request names may not make it (unknown PSU, corporate PSU without PSU-Corporate-ID,
 * another company), or undefined. Checked once by the dispatcher for every operation that acts for a
 * PSU, so initiations, baskets, reads, status reads and deletes all follow the same rule. A read that
 * names no PSU (the headers are optional there) has nothing to check.
 */
export async function actingPsuRefusal(env: SandboxEnv, operation: Operation, headers: PsuHeaders): Promise<TppMessage[] | undefined> {
  if (!actsForPsu(operation)) return undefined;
  if (headers["PSU-ID"] === undefined && headers["X-PSU-IDENTITY"] === undefined) return undefined;
  const psu = await env.store.read((tx) => findPsu(tx, headers), ONE_STATEMENT);
  const outcome = checkActingPsu(psu, headers);
  return outcome.ok ? undefined : outcome.messages;
}

/**
 * Why a request may not act on an existing payment or basket for the PSU it names, or for the resource's own PSU when
 * it names none (domain/acting-psu.ts checkPsuOfResource), or undefined. Reads in the caller's transaction.
 */
export async function psuRefusalFor(tx: ReadTx, what: string, resource: InitiatedBy, headers: PsuHeaders): Promise<TppMessage[] | undefined> {
  const namesPsu = headers["PSU-ID"] !== undefined || headers["X-PSU-IDENTITY"] !== undefined;
  const named = namesPsu ? await findPsu(tx, headers) : undefined;
  const initiator = namesPsu ? undefined : await tx.customer(resource.customerNumber);
  const outcome = checkPsuOfResource(what, resource, named, initiator, headers);
  return outcome.ok ? undefined : outcome.messages;
}
