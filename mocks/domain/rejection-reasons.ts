/**
 * Why a payment is RJCT, said where a Berlin Group client looks (decision 0058): one tppMessage for the TPP (the code
 * tells the kind, the text the details) and a psuMessage to show the PSU, on the status read and the payment read.
 */
import type { TppMessage } from "../../src/contract/common-objects";
import type { RejectionCause } from "../../src/contract/control-schemas";
import type { ErrorCode } from "../../src/contract/errors";
import { SETTLEMENT_REASONS } from "../../src/contract/scenarios";
import { tppError } from "../../src/contract/tpp-messages";
import type { PaymentRecord } from "../store/records";

const DECLINED = "You declined the payment at your bank, so it will not be made.";

/** The tppMessage code and the PSU's text of each cause. */
const SAID: Record<RejectionCause, { code: ErrorCode; psu: (payment: PaymentRecord) => string }> = {
  "sca-declined": { code: "PAYMENT_FAILED", psu: () => DECLINED },
  "sca-expired": { code: "SCA_EXPIRED", psu: () => "The payment was not approved at your bank in time, so it will not be made." },
  "insufficient-funds": { code: "PAYMENT_FAILED", psu: () => "The payment was rejected: insufficient funds." },
  "settlement-rejected": {
    code: "PAYMENT_FAILED",
    psu: (payment) =>
      payment.scenario?.outcome.kind === "settlement-rejected"
        ? `The payment was rejected: ${SETTLEMENT_REASONS[payment.scenario.outcome.reason].toLowerCase()}.`
        : "The payment was rejected by the bank.",
  },
};

/** Why a rejection stored before causes were kept happened, as far as the record tells. */
function causeOf(payment: PaymentRecord, stored: RejectionCause | undefined): RejectionCause | undefined {
  if (stored) return stored;
  if (payment.scenario?.outcome.kind === "settlement-rejected") return "settlement-rejected";
  return payment.fundsAvailable === false ? "insufficient-funds" : undefined;
}

/** What a status answer says about why the payment is RJCT; nothing for any other status. */
export function rejectionMessages(payment: PaymentRecord): { tppMessages: TppMessage[]; psuMessage: string } | undefined {
  if (payment.transactionStatus !== "RJCT") return undefined;
  const last = payment.statusHistory.findLast((change) => change.status === "RJCT");
  const cause = causeOf(payment, last?.cause);
  const text = last?.reason ?? "The payment was rejected.";
  if (!cause) return { tppMessages: [tppError("PAYMENT_FAILED", text)], psuMessage: "The payment was rejected." };
  const said = SAID[cause];
  return { tppMessages: [tppError(said.code, text)], psuMessage: said.psu(payment) };
}

/**
 * The cause an RJCT answer says, read back from what rejectionMessages wrote (the client report, decision 0054):
 * SCA_EXPIRED is an expiry, fundsAvailable false a lack of funds, the declined PSU's text a declined SCA.
 */
export function causeSaid(answer: {
  codes: readonly (string | undefined)[];
  psuMessage: string | undefined;
  fundsAvailable: boolean;
}): RejectionCause | undefined {
  if (answer.codes.includes("SCA_EXPIRED")) return "sca-expired";
  if (answer.fundsAvailable) return "insufficient-funds";
  if (answer.psuMessage === DECLINED) return "sca-declined";
  return answer.codes.includes("PAYMENT_FAILED") ? "settlement-rejected" : undefined;
}
