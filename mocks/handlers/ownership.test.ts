/** Issue 27 point 1 in the sandbox the page runs (the same dispatcher msw calls): ownership.test-helpers.ts. */
import { generateTestCertificate } from "../../src/signing/index";
import { testClient } from "../test-helpers";
import { createMemorySandbox } from "../memory-sandbox";
import { describeOwnership } from "./ownership.test-helpers";

describeOwnership("in the page", async () => {
  const sandbox = await createMemorySandbox();
  const [owner, other, same] = await Promise.all([
    generateTestCertificate({ tppName: "Owner TPP", organizationId: "111111111" }),
    generateTestCertificate({ tppName: "Other TPP", organizationId: "222222222" }),
    generateTestCertificate({ tppName: "Owner TPP renewed", organizationId: "111111111" }),
  ]);
  const client = await testClient({ sandbox, certificate: owner });
  return {
    owner: client,
    other: await testClient({ sandbox, certificate: other }),
    sameOrganization: await testClient({ sandbox, certificate: same }),
    control: client.control,
  };
});
