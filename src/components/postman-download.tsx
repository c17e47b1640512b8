/**
 * "Download the Postman collection" beside the code: every operation with its example and the
 * payment journey, each request signing itself when it runs (docs/collections.md). The examples
 * come from the chosen sandbox's data, as the code panel's do.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { downloadText } from "../lib/download";
import { accountsQuery, clockQuery, customersQuery } from "../lib/sandbox-queries";
import { curlOrigin, getSettings } from "../lib/settings";
import { ActionOutcome } from "./action-outcome";

export const COLLECTION_FILE = "psd2-sandbox.postman_collection.json";

export function PostmanDownload() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ busy: boolean; message?: string; problem?: string }>({ busy: false });
  const download = async () => {
    setState({ busy: true });
    try {
      const [accounts, customers, clock, collection, pair] = await Promise.all([
        queryClient.query(accountsQuery()),
        queryClient.query(customersQuery()),
        queryClient.query(clockQuery()),
        import("../lib/journey-export/operations-collection"),
        import("../lib/journey-export/postman-format"),
      ]);
      const context = { accounts, customers, today: clock.today, origin: window.location.origin, psuId: getSettings().psuId, sessionId: crypto.randomUUID() };
      const made = collection.operationsCollection({ context, base: curlOrigin(), credentials: await pair.publicPair() });
      downloadText(COLLECTION_FILE, `${JSON.stringify(made, null, 2)}\n`, "application/json");
      setState({ busy: false, message: `Downloaded ${COLLECTION_FILE}: import it in Postman (File → Import) or run it with newman.` });
    } catch (error) {
      setState({ busy: false, problem: `The collection could not be made: ${error instanceof Error ? error.message : String(error)}` });
    }
  };
  return (
    <section className="code-credentials" aria-labelledby="postman-collection-title">
      <h3 id="postman-collection-title">Postman collection</h3>
      <p>
        Every operation with its example request, and the payment journey, for Postman or <code>newman run</code>. Each request signs itself when it runs (the
        collection's pre-request script) with the key and certificate in its variables <code>tppPrivateKey</code> and <code>tppCertificate</code>, prefilled
        with the public test pair; addressed to <code>{curlOrigin()}</code>.
      </p>
      <p>
        <button type="button" onClick={() => void download()} disabled={state.busy}>
          {state.busy ? "Preparing the collection…" : `Download the Postman collection (${COLLECTION_FILE})`}
        </button>
      </p>
      <ActionOutcome message={state.message} problem={state.problem} />
    </section>
  );
}
