/**
 * The OpenAPI links of a creating operation's success answer: which later operations take the id it gives, and
 * where. The path examples of those operations are the ids of the creating operation's example answer, so a tool
 * that follows the links (or a test) sends the examples in order and each finds what the one before it made. The
 * account examples name an account of the fixed data set (acc-001) instead: it is there on a server that has it.
 */
import type { OperationId } from "./operations";

const byId = (parameter: string, expression: string, operations: readonly OperationId[]) =>
  Object.fromEntries(operations.map((operationId) => [operationId, { operationId, parameters: { [parameter]: expression } }]));

export const operationLinks: Partial<Record<OperationId, Record<string, unknown>>> = {
  createPayment: byId("paymentId", "$response.body#/paymentId", ["getPayment", "getPaymentStatus", "deletePayment"]),
  createPeriodicPayment: byId("paymentId", "$response.body#/paymentId", ["getPeriodicPayment", "getPeriodicPaymentStatus", "deletePeriodicPayment"]),
  createSigningBasket: byId("basketId", "$response.body#/basketId", ["getSigningBasket", "getSigningBasketStatus", "deleteSigningBasket"]),
  createSandboxTransaction: {
    getSandboxTransaction: {
      operationId: "getSandboxTransaction",
      parameters: { mockAccountId: "$request.path.mockAccountId", transactionId: "$response.body#/id" },
    },
  },
};
