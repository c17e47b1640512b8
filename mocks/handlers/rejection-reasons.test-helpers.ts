/**
 * An RJCT says why through the interface (issue 27 point 2, decision 0058): after an SCA decline, an SCA expiry, an
 * abandoned SCA, insufficient funds and a forced settlement rejection, the status read and the payment read carry the
 * reason where a Berlin Group client looks (tppMessages, psuMessage). The same cases in the page and over HTTP.
 */
import { describe, expect, test } from "vitest";
import { hrefOf } from "../../src/contract/paths";
import { PaymentStatus, SinglePayment } from "../../src/contract/payments";
import { KARI, NDCT, OLA, PERIODIC, initiationHeaders, kariAndOla, paymentBody, type ListedAccount } from "../test-helpers";
import type { Tpp } from "./ownership.test-helpers";

export interface RejectionSetup {
  tpp: Tpp;
  control: (method: string, path: string, body?: unknown) => Promise<{ status: number; json: () => Promise<unknown> }>;
}

interface Said {
  transactionStatus: string;
  fundsAvailable?: boolean;
  psuMessage?: string;
  tppMessages?: { category: string; code: string; text?: string }[];
}

async function ready(setup: RejectionSetup) {
  expect((await setup.tpp.send("POST", "/v1/sandbox/initialize")).status).toBe(200);
  const accounts = (await (await setup.control("GET", "/__sandbox/accounts")).json()) as ListedAccount[];
  const today = ((await (await setup.control("GET", "/__sandbox/clock")).json()) as { today: string }).today;
  return { ...kariAndOla(accounts), today };
}

async function create(setup: RejectionSetup, path: string, headers: Record<string, string>, body: unknown): Promise<string> {
  const response = await setup.tpp.send("POST", path, { headers, body });
  const json = (await response.json()) as { paymentId?: string };
  expect(response.status, JSON.stringify(json)).toBe(201);
  return json.paymentId ?? "";
}

const decide = async (setup: RejectionSetup, id: string, decision: "approve" | "decline") =>
  (await setup.control("POST", hrefOf("scaDecision", { subject: "payment", id }), { decision })).status;

/** The status read and the payment read of `id` under `base`: each must say the same about why. */
async function bothReads(setup: RejectionSetup, base: string, id: string): Promise<Said> {
  const status = await setup.tpp.send("GET", `${base}/${id}/status`);
  expect(status.status).toBe(200);
  const said = PaymentStatus.strict().parse(await status.json()) as Said;
  const read = await setup.tpp.send("GET", `${base}/${id}`);
  expect(read.status).toBe(200);
  const whole = (await read.json()) as Said;
  if (base === NDCT) SinglePayment.parse(whole);
  expect({ psuMessage: whole.psuMessage, tppMessages: whole.tppMessages, fundsAvailable: whole.fundsAvailable }).toEqual({
    psuMessage: said.psuMessage,
    tppMessages: said.tppMessages,
    fundsAvailable: said.fundsAvailable,
  });
  return said;
}

const reason = (code: string, text: RegExp) => ({ category: "ERROR", code, text: expect.stringMatching(text) as string });

export function describeRejectionReasons(where: string, setup: () => Promise<RejectionSetup>): void {
  describe(`an RJCT says why, on the status read and the payment read (${where})`, () => {
    test("declined at the bank: PAYMENT_FAILED saying the PSU declined, and words for the PSU", async () => {
      const tpps = await setup();
      const { kari, ola, today } = await ready(tpps);
      const single = await create(tpps, NDCT, initiationHeaders(KARI), paymentBody(kari, ola));
      const periodic = await create(
        tpps,
        PERIODIC,
        initiationHeaders(KARI, { "x-accept-fix": "longer-name" }),
        paymentBody(kari, ola, { startDate: today, frequency: "Monthly", dayOfExecution: "15" }),
      );
      for (const [base, id] of [
        [NDCT, single],
        [PERIODIC, periodic],
      ] as const) {
        expect(await decide(tpps, id, "decline")).toBe(200);
        expect(await bothReads(tpps, base, id)).toEqual({
          transactionStatus: "RJCT",
          tppMessages: [reason("PAYMENT_FAILED", /The PSU declined SCA at the bank/)],
          psuMessage: expect.stringMatching(/You declined the payment/) as string,
        });
      }
    });

    test("SCA expired, and SCA abandoned (the window ran out): SCA_EXPIRED, so a TPP tells them from a decline", async () => {
      const tpps = await setup();
      const { kari, ola } = await ready(tpps);
      const expired = await create(tpps, NDCT, initiationHeaders(KARI), paymentBody(kari, ola));
      const abandoned = await create(tpps, NDCT, initiationHeaders(KARI, { "X-Sandbox-Scenario": "sca-abandoned" }), paymentBody(kari, ola));
      expect(await decide(tpps, abandoned, "approve")).toBe(409);
      // Past the default SCA window of 10 minutes (decision 0029).
      expect((await tpps.control("POST", hrefOf("advanceClock", {}), { minutes: 11 })).status).toBe(200);
      for (const id of [expired, abandoned])
        expect(await bothReads(tpps, NDCT, id)).toEqual({
          transactionStatus: "RJCT",
          tppMessages: [reason("SCA_EXPIRED", /SCA expired: the PSU did not approve within 10 minutes/)],
          psuMessage: expect.stringMatching(/not approved at your bank in time/) as string,
        });
      const forced = await create(tpps, NDCT, initiationHeaders(KARI, { "X-Sandbox-Scenario": "sca-expired" }), paymentBody(kari, ola));
      expect((await bothReads(tpps, NDCT, forced)).tppMessages).toEqual([reason("SCA_EXPIRED", /SCA expired before the PSU approved/)]);
    });

    test("insufficient funds and a forced settlement rejection: PAYMENT_FAILED saying which", async () => {
      const tpps = await setup();
      const { kari, ola } = await ready(tpps);
      const poor = await create(tpps, NDCT, initiationHeaders(OLA), paymentBody(ola, kari, { amount: "9000.00" }));
      const forbidden = await create(tpps, NDCT, initiationHeaders(KARI, { "X-Sandbox-Scenario": "settlement-rejected;reason=AG01" }), paymentBody(kari, ola));
      for (const id of [poor, forbidden]) expect(await decide(tpps, id, "approve")).toBe(200);
      expect((await tpps.control("POST", hrefOf("runBatch", {}))).status).toBe(200);
      expect(await bothReads(tpps, NDCT, poor)).toEqual({
        transactionStatus: "RJCT",
        fundsAvailable: false,
        tppMessages: [reason("PAYMENT_FAILED", /does not cover 9000\.00 NOK/)],
        psuMessage: "The payment was rejected: insufficient funds.",
      });
      expect(await bothReads(tpps, NDCT, forbidden)).toEqual({
        transactionStatus: "RJCT",
        tppMessages: [reason("PAYMENT_FAILED", /AG01 Transaction forbidden on this account/)],
        psuMessage: "The payment was rejected: transaction forbidden on this account.",
      });
    });
  });
}
