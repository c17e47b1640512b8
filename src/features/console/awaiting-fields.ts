/**
 * The fields waiting for the sandbox's data (account numbers, a customer number): while it loads
 * they say so in their placeholder, instead of looking like fields left empty.
 */
import { createContext, useContext } from "react";

export const AwaitingFields = createContext<ReadonlySet<string>>(new Set());

export const AWAITING_PLACEHOLDER = "Loading from the sandbox…";

/** The placeholder of a field at `name` ("headers.PSU-ID", "body.debtorAccount.bban"), if it is waiting. */
export function useAwaitingPlaceholder(name: string): string | undefined {
  return useContext(AwaitingFields).has(name) ? AWAITING_PLACEHOLDER : undefined;
}
