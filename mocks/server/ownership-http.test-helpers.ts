/** The three TPPs of ownership.test-helpers.ts as HTTP clients of a server at `url`, each signing with its own certificate. */
import { generateTestCertificate } from "../../src/signing/index";
import type { OwnershipSetup } from "../handlers/ownership.test-helpers";
import { httpClient } from "./http-client.test-helpers";

let certificates: ReturnType<typeof makeCertificates> | undefined;
const makeCertificates = () =>
  Promise.all([
    generateTestCertificate({ tppName: "Owner TPP", organizationId: "111111111" }),
    generateTestCertificate({ tppName: "Other TPP", organizationId: "222222222" }),
    generateTestCertificate({ tppName: "Owner TPP renewed", organizationId: "111111111" }),
  ]);

export async function ownershipOverHttp(url: string): Promise<OwnershipSetup> {
  const [owner, other, same] = await (certificates ??= makeCertificates());
  const client = httpClient(url, Promise.resolve(owner));
  return {
    owner: client,
    other: httpClient(url, Promise.resolve(other)),
    sameOrganization: httpClient(url, Promise.resolve(same)),
    control: client.control,
  };
}
