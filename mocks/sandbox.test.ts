import { afterEach, describe, expect, test } from "vitest";
import type { RequestVerifier } from "./env/sandbox-env";
import { webCryptoVerifier } from "./http/signature-check";
import { createSandbox } from "./sandbox";
import { freshStore } from "./store/store.test-helpers";
import { KARI, NDCT, testClient } from "./test-helpers";

const stores: Awaited<ReturnType<typeof freshStore>>[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.dispose()));
});
async function store() {
  const made = await freshStore();
  stores.push(made);
  return made;
}
const customers = (sandbox: Awaited<ReturnType<typeof createSandbox>>) => sandbox.env.store.read((tx) => tx.customers());

describe("the data a sandbox starts with", () => {
  test("a brand-new sandbox gets the fixed data set, with its batch schedule, in one commit", async () => {
    const target = await store();
    let commits = 0;
    target.onCommit(() => {
      commits++;
    });
    const sandbox = await createSandbox({ store: target, seedIfNew: true });
    expect(sandbox.seeded).toBe(true);
    expect((await customers(sandbox)).length).toBeGreaterThan(0);
    expect(await target.read((tx) => tx.meta("lastBatchRunAt"))).toBeTypeOf("number");
    // Data and schedule were written together; a start cut short before that commit leaves the sandbox brand-new.
    expect(commits).toBe(1);
  });

  test("a sandbox that was used, or reset to empty, is left as it is; without seedIfNew nothing is added", async () => {
    const target = await store();
    const first = await createSandbox({ store: target });
    expect(first.seeded).toBe(false);
    expect(await customers(first)).toEqual([]);
    // The schedule has started: the sandbox has been used (this is what a reset leaves too).
    const again = await createSandbox({ store: target, seedIfNew: true });
    expect(again.seeded).toBe(false);
    expect(await customers(again)).toEqual([]);
  });
});

describe("how a sandbox checks signatures", () => {
  test("with the verifier it was made with; another sandbox in the same process keeps the default", async () => {
    const checked: string[] = [];
    const counting: RequestVerifier = (request, now, options) => {
      checked.push(request.url);
      return webCryptoVerifier(request, now, options);
    };
    const given = await testClient({ sandbox: await createSandbox({ store: await store(), seedIfNew: true, verifyRequest: counting }) });
    const plain = await testClient({ sandbox: await createSandbox({ store: await store(), seedIfNew: true }) });
    const status = `${NDCT}/00000000-0000-4000-8000-000000000001/status`;
    // Checked and found valid, then answered: no such payment.
    expect((await given.send("GET", status, { headers: { "PSU-ID": KARI.psuId } })).status).toBe(404);
    expect((await plain.send("GET", status, { headers: { "PSU-ID": KARI.psuId } })).status).toBe(404);
    expect(checked).toEqual([status]);
  });

  test("a verifier's refusal is the sandbox's answer", async () => {
    const refusing: RequestVerifier = () =>
      Promise.resolve({ ok: false, code: "SIGNATURE_INVALID", reason: "signature-mismatch", text: "Refused by the verifier it was given." });
    const client = await testClient({ sandbox: await createSandbox({ store: await store(), seedIfNew: true, verifyRequest: refusing }) });
    const answer = await client.send("GET", `${NDCT}/00000000-0000-4000-8000-000000000001/status`, { headers: { "PSU-ID": KARI.psuId } });
    expect(answer.status).toBe(401);
    expect(JSON.stringify(await answer.json())).toContain("Refused by the verifier it was given.");
  });
});
