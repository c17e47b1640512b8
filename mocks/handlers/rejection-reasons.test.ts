/** Issue 27 point 2 in the sandbox the page runs (the same dispatcher msw calls): rejection-reasons.test-helpers.ts. */
import { testClient } from "../test-helpers";
import { describeRejectionReasons } from "./rejection-reasons.test-helpers";

describeRejectionReasons("in the page", async () => {
  const client = await testClient();
  return { tpp: client, control: client.control };
});
