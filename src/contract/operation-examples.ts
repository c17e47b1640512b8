/**
 * The example of every operation: its request body and its success body, one place for the
 * OpenAPI document, the reference pages and any tool that reads the contract. Error examples are
 * per code, in error-examples.ts. A unit test parses each with the operation's own schemas.
 */
import type { OperationId } from "./operations";
import { paymentExamples } from "./payment-examples";
import { sandboxExamples } from "./sandbox-examples";

export interface OperationExample {
  /** The request body; present exactly when the operation takes one. */
  request?: unknown;
  /** The success body; present exactly when the success answer has one. */
  response?: unknown;
}

/** Every operation's examples, dated for `today` (YYYY-MM-DD): the day the document that shows them is served or built. */
export const operationExamples = (today: string): Record<OperationId, OperationExample> => ({ ...paymentExamples(today), ...sandboxExamples(today) });
