/**
 * What the console does with the form's values: send them signed (and put the sandbox's tppMessages
 * back on the fields they name), or turn them into curl and code for a TPP's server.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { UseFormSetError } from "react-hook-form";
import type { Operation } from "../../contract/operations";
import { activeCredential } from "../../lib/credentials";
import { curlCommand } from "../../lib/curl";
import type { Exchange } from "../../lib/exchange";
import type { FieldNode } from "../../lib/form-fields";
import { portalKeys, sandboxKeys } from "../../lib/query-keys";
import { accountsQuery, clockQuery, customersQuery } from "../../lib/sandbox-queries";
import { draftRequest, signForServer } from "../../lib/request-draft";
import { sendRequest, type Tampering } from "../../lib/send";
import { curlOrigin } from "../../lib/settings";
import type { ConsoleValues } from "./console-form";
import { requestInput } from "./request-input";
import { formFieldOf, tppMessagesOf } from "./server-errors";

/** `onSent` runs as soon as the answer is in, before the sandbox's views are refreshed. */
export function useConsoleSend(operation: Operation, nodes: FieldNode[], setError: UseFormSetError<ConsoleValues>, onSent: (sent: Exchange) => void) {
  const queryClient = useQueryClient();
  const [exchange, setExchange] = useState<Exchange>();
  const [sending, setSending] = useState(false);

  const send = async (values: ConsoleValues, tampering: Tampering) => {
    setSending(true);
    try {
      const sent = await sendRequest(requestInput(operation, values, nodes, crypto.randomUUID()), { tamper: tampering });
      setExchange(sent);
      onSent(sent);
      for (const message of tppMessagesOf(sent.response?.body)) {
        const field = formFieldOf(operation, message.path);
        if (field && message.category !== "WARNING") setError(field, { type: "server", message: `${message.code ?? ""}: ${message.text ?? ""}` });
      }
      await queryClient.invalidateQueries({ queryKey: sandboxKeys.all });
      await queryClient.invalidateQueries({ queryKey: portalKeys.history() });
    } finally {
      setSending(false);
    }
  };

  const curl = async (values: ConsoleValues) => {
    const base = curlOrigin();
    const draft = draftRequest(requestInput(operation, values, nodes, crypto.randomUUID()), base);
    const signed = await signForServer(draft, await activeCredential(), base);
    return curlCommand(signed.request);
  };

  const code = async (values: ConsoleValues) => {
    const [{ codeRequestFromDraft, journeyFrom, standAlone }, accounts, customers, clock] = await Promise.all([
      import("../../lib/code-export/request-model"),
      queryClient.query(accountsQuery()),
      queryClient.query(customersQuery()),
      queryClient.query(clockQuery()),
    ]);
    const base = curlOrigin();
    const drafted = codeRequestFromDraft(draftRequest(requestInput(operation, values, nodes, crypto.randomUUID()), base), base, operation.title);
    // Standing alone (issue 27, point 4): the sandbox's data made by the code's own setup, the path's ids read from the environment.
    const request = standAlone(drafted, { accounts, customers, today: clock.today }, values.params);
    return { request, journey: operation.id === "createPayment" ? journeyFrom(request) : undefined };
  };

  return { exchange, setExchange, sending, send, curl, code };
}
