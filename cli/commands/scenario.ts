/** `psd2-sandbox scenario list|add|clear`: the stored scenario rules (forced outcomes for requests that match). */
import { formatOutcome, parseScenarioHeader, type ScenarioMatch, type ScenarioRuleSet } from "../../src/contract/scenarios";
import type { Command } from "../command";
import type { ParsedCommand } from "../options";
import { CommandError } from "../sandbox-client";

const ruleLines = ({ rules }: ScenarioRuleSet): string[] =>
  rules.length === 0
    ? ["no scenario rules"]
    : rules.map(
        (rule) =>
          `${rule.id}${rule.enabled ? "" : " (off)"}: ${formatOutcome(rule.outcome)} when ${JSON.stringify(rule.match)}${rule.label ? ` (${rule.label})` : ""}`,
      );

/** The match a rule's flags describe; what the server's schema refuses it says with the path. */
function matchOf(command: ParsedCommand): ScenarioMatch {
  const one = (name: string) => command.values.get(name)?.[0];
  const operations = command.values.get("--operation");
  const [min, max] = [one("--min"), one("--max")];
  return {
    ...(operations ? { operations: operations as NonNullable<ScenarioMatch["operations"]> } : {}),
    ...(one("--psu-id") === undefined ? {} : { psuId: one("--psu-id") }),
    ...(one("--debtor-account") === undefined ? {} : { debtorAccount: one("--debtor-account") }),
    ...(one("--creditor-account") === undefined ? {} : { creditorAccount: one("--creditor-account") }),
    ...(min === undefined && max === undefined ? {} : { amount: { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) } }),
  };
}

export const scenario: Command = {
  spec: {
    usage: "psd2-sandbox scenario list | scenario add <outcome> [match options] | scenario clear",
    help:
      'Lists, adds or clears the scenario rules: forced outcomes for the requests they match (README, "Forcing outcomes").\n' +
      "<outcome> is written as the X-Sandbox-Scenario header: sca-declined, sca-expired, settlement-rejected;reason=AM04,\n" +
      "service-unavailable;retry-after=30, delay;ms=2000, hold;status=ACSP, … (quote it: ; ends a shell command)\n" +
      "Match options (every one given must hold; none: every request):\n" +
      "  --operation ID        an operation id, such as createPayment (may be given more than once)\n" +
      "  --psu-id ID           the PSU-ID (or X-PSU-IDENTITY) of the request\n" +
      "  --debtor-account A    --creditor-account A   the body's account (BBAN or IBAN)\n" +
      "  --min AMOUNT          --max AMOUNT           the instructed amount's bounds\n" +
      "  --id ID               the rule's id (named in the X-Sandbox-Scenario-Applied header); --label TEXT",
    values: ["--operation", "--psu-id", "--debtor-account", "--creditor-account", "--min", "--max", "--id", "--label"],
    repeatable: ["--operation"],
  },
  async run({ command, client, print }) {
    const [action, ...rest] = command.positionals;
    if (action === "list" && rest.length === 0) {
      const set = await client.control("scenarioRules");
      print(set, () => ruleLines(set));
      return 0;
    }
    if (action === "clear" && rest.length === 0) {
      const set = await client.control("setScenarioRules", { body: { rules: [] } });
      print(set, () => "scenario rules cleared");
      return 0;
    }
    if (action === "add" && rest.length === 1 && rest[0] !== undefined) {
      const outcome = parseScenarioHeader(rest[0]);
      if (!outcome.ok) throw new CommandError(outcome.problem, 2);
      const { rules } = await client.control("scenarioRules");
      const id = command.values.get("--id")?.[0];
      const label = command.values.get("--label")?.[0];
      const rule = {
        ...(id === undefined ? {} : { id }),
        ...(label === undefined ? {} : { label }),
        enabled: true,
        match: matchOf(command),
        outcome: outcome.outcome,
      };
      const set = await client.control("setScenarioRules", { body: { rules: [...rules, rule] } });
      print(set, () => ruleLines(set));
      return 0;
    }
    throw new CommandError(`Say what to do: ${scenario.spec.usage}.`, 2);
  },
};
