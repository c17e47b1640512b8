/**
 * An operation's example request (the console's starting values, from the chosen sandbox's data) as
 * the code panel's example: the request, and for a payment initiation the whole journey.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { Operation } from "../../contract/operations";
import { accountsQuery, clockQuery, customersQuery } from "../sandbox-queries";
import { sessionId } from "../session-id";
import { curlOrigin, getSettings } from "../settings";

export async function loadCodeExample(queryClient: QueryClient, operation: Operation) {
  const [accounts, customers, clock, model, example] = await Promise.all([
    queryClient.query(accountsQuery()),
    queryClient.query(customersQuery()),
    queryClient.query(clockQuery()),
    import("./request-model"),
    import("./example-request"),
  ]);
  const { psuId } = getSettings();
  const context = { accounts, customers, today: clock.today, origin: window.location.origin, psuId, sessionId: sessionId() };
  const made = example.exampleCodeRequest(operation, context, curlOrigin());
  // Standing alone (issue 27, point 4): the sandbox's data made by the code's own setup, the ids left to fill read from the environment.
  const request = model.standAlone(made.request, context, made.params);
  const placeholders = made.placeholders;
  return {
    request,
    journey: operation.id === "createPayment" ? model.journeyFrom(request) : undefined,
    note:
      placeholders.length > 0
        ? `Set ${placeholders.join(" and ")} in the environment before running it: identifiers only you know (the console fills them in its requests).`
        : undefined,
  };
}
