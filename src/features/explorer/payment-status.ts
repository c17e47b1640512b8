/** What a payment's transactionStatus means in this sandbox (design, "Payment lifecycle"). */

const meanings: Record<string, string> = {
  RCVD: "Received, awaiting the PSU's SCA at the bank",
  ACTC: "Accepted: SCA done, waiting for the next batch run",
  PDNG: "Scheduled: approved, waits for its requested execution date",
  ACSC: "Booked: settled on the debtor's account",
  RJCT: "Rejected",
  CANC: "Cancelled",
  ACCP: "Accepted (customer profile)",
  ACSP: "Accepted, settlement in process",
  ACWC: "Accepted with change",
  ACWP: "Accepted without posting",
  PART: "Partially accepted",
};

export interface PaymentFacts {
  fundsAvailable?: boolean | undefined;
  product?: "single" | "periodic" | undefined;
}

export function statusMeaning(status: string, payment: PaymentFacts = {}): string {
  // The batch never books standing orders: an accepted one just runs on its schedule.
  if (status === "ACTC" && payment.product === "periodic") return "Accepted: SCA done; a standing order on the dates below";
  const meaning = meanings[status] ?? "Status not used by this sandbox";
  return status === "RJCT" && payment.fundsAvailable === false ? `${meaning}: insufficient funds (balance plus credit line)` : meaning;
}

/** How a status reads at a glance: still moving, done, or stopped. */
export function statusTone(status: string): "pending" | "done" | "stopped" {
  if (status === "ACSC") return "done";
  if (status === "RJCT" || status === "CANC") return "stopped";
  return "pending";
}
