/** Valid Norwegian test identities (GET /__sandbox/identities): made fresh on each request, nothing stored. */
import { IDENTITY_COUNT, type TestIdentities } from "../../src/contract/control-schemas";
import { generateAccountNumber, generateKid, generateOrganisationNumber, generatePersonNumber } from "../../src/contract/identity-generators";
import { SANDBOX_BANK } from "../domain/accounts";
import type { SandboxEnv } from "../env/sandbox-env";
import type { Answer } from "../env/answer";
import { answerWith } from "./answer";

const times = <T>(count: number, make: () => T): T[] => Array.from({ length: count }, make);

/** `count` of each kind (the query's text, already checked by the table: 1 to 20). Account numbers are ones no account uses. */
export async function testIdentities(env: SandboxEnv, countText: string | undefined): Promise<Answer> {
  const count = countText === undefined ? IDENTITY_COUNT.default : Number(countText);
  const accountNumbers: string[] = [];
  await env.store.read(async (tx) => {
    // A handful of tries per number: the sandbox bank's 10^6 numbers are far from all taken. Only this sandbox's half
    // of them (decision 0058): a number suggested here is never one the other kind of sandbox hands out.
    const { first, last } = env.accountSerials;
    for (let tries = 0; accountNumbers.length < count && tries < count * 40; tries++) {
      const candidate = generateAccountNumber(SANDBOX_BANK);
      const serial = Number(candidate.slice(SANDBOX_BANK.length, -1));
      if (serial < first || serial > last) continue;
      if (!accountNumbers.includes(candidate) && !(await tx.accountByBban(candidate))) accountNumbers.push(candidate);
    }
  });
  const identities: TestIdentities = {
    nationalIdentityNumbers: times(count, () => generatePersonNumber()),
    dNumbers: times(count, () => generatePersonNumber({ kind: "d-number" })),
    organisationNumbers: times(count, () => generateOrganisationNumber()),
    accountNumbers,
    kidsMod10: times(count, () => generateKid("MOD10")),
    kidsMod11: times(count, () => generateKid("MOD11")),
  };
  return answerWith("testIdentities", identities);
}
