/** `psd2-sandbox sca approve|decline <paymentId|basketId>`: the PSU's decision without the bank page. */
import { SUBJECTS, type Command } from "../command";
import { CommandError, isNotFound } from "../sandbox-client";

export const sca: Command = {
  spec: {
    usage: "psd2-sandbox sca approve|decline <paymentId|basketId>",
    help:
      "Approves or declines a payment or signing basket that awaits SCA, as the PSU on the bank page would: a payment\n" +
      "becomes ACTC (PDNG when its execution date lies ahead) or RJCT. Prints the new status and where the bank sends\n" +
      "the PSU back (its TPP-Redirect-URI with the outcome). An id that is neither a payment nor a basket exits 1.",
  },
  async run({ command, client, print }) {
    const [decision, id, ...extra] = command.positionals;
    if ((decision !== "approve" && decision !== "decline") || id === undefined || id === "" || extra.length > 0)
      throw new CommandError("Say what to decide and on which id: psd2-sandbox sca approve <paymentId|basketId> (or decline).", 2);
    for (const subject of SUBJECTS) {
      try {
        const answer = await client.control("scaDecision", { params: { subject, id }, body: { decision } });
        print({ subject, id, ...answer }, () => `${subject} ${id}: ${answer.transactionStatus} (the PSU is sent back to ${answer.redirect})`);
        return 0;
      } catch (error) {
        // Not a payment: perhaps a basket. Any other refusal (already decided, expired) is the answer.
        if (!isNotFound(error)) throw error;
      }
    }
    throw new CommandError(
      `Neither a payment nor a signing basket ${id} is at ${client.url}; copy the id from the initiation's answer (paymentId or basketId).`,
    );
  },
};
