import { describe, expect, test } from "vitest";
import { TestIdentities } from "../../src/contract/control-schemas";
import { hrefOf } from "../../src/contract/paths";
import { testClient, type ListedAccount } from "../test-helpers";

describe("GET /__sandbox/identities", () => {
  test("five of each kind by default, all valid by the contract's checks; account numbers no account uses", async () => {
    const client = await testClient();
    const response = await client.control("GET", hrefOf("testIdentities", {}));
    expect(response.status).toBe(200);
    const identities = TestIdentities.parse(await response.json());
    for (const list of Object.values(identities)) expect(list).toHaveLength(5);
    expect(identities.dNumbers.every((number) => Number(number.slice(0, 2)) > 40)).toBe(true);
    expect(identities.nationalIdentityNumbers.every((number) => Number(number.slice(2, 4)) > 80)).toBe(true);
    const accounts = (await (await client.control("GET", hrefOf("sandboxAccounts", {}))).json()) as ListedAccount[];
    const taken = new Set(accounts.map((account) => account.bban));
    expect(identities.accountNumbers.filter((number) => taken.has(number))).toEqual([]);
    expect(identities.accountNumbers.every((number) => number.startsWith("9710"))).toBe(true);
  });

  test("?count=20 gives twenty of each; 0, 21 and words are refused with the range", async () => {
    const client = await testClient();
    const twenty = TestIdentities.parse(await (await client.control("GET", hrefOf("testIdentities", {}, { count: "20" }))).json());
    expect(twenty.kidsMod11).toHaveLength(20);
    for (const count of ["0", "21", "five", "2.5"]) {
      const refused = await client.control("GET", hrefOf("testIdentities", {}, { count }));
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("1 to 20");
    }
  });
});
