/**
 * The scenario rules of the chosen sandbox (decision 0037-scenarios): listed in the order they are tried,
 * switched on and off, deleted and added; and the X-Sandbox-Scenario header that forces one for one request.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { SCENARIO_APPLIED_HEADER, SCENARIO_HEADER, scenarioHeaderExamples, type ScenarioRule } from "../../contract/scenarios";
import { ActionOutcome } from "../../components/action-outcome";
import { sandboxKeys } from "../../lib/query-keys";
import { sandboxControl } from "../../lib/send";
import { ScenarioForm, type NewRule } from "./scenario-form";
import { matchInWords, outcomeInWords } from "./scenario-words";

type RuleInput = Omit<ScenarioRule, "id"> & { id?: string };

export function ScenariosView() {
  const queryClient = useQueryClient();
  const rules = useQuery({ queryKey: sandboxKeys.scenarios(), queryFn: () => sandboxControl("scenarioRules") });
  const save = useMutation({
    mutationFn: (next: { rules: RuleInput[]; done: string }) => sandboxControl("setScenarioRules", { body: { rules: next.rules } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sandboxKeys.all }),
  });
  const current = rules.data?.rules ?? [];
  const replace = (next: RuleInput[], done: string) => {
    save.mutate({ rules: next, done });
  };

  return (
    <div className="scenarios-view">
      <h2>Scenarios</h2>
      <p>
        Force an outcome a bank can give, to test how your TPP handles it. The first enabled rule that matches a valid, signed request fires; the{" "}
        <code>{SCENARIO_HEADER}</code> header forces one for one request, before any rule. Every forced answer carries <code>{SCENARIO_APPLIED_HEADER}</code>,
        the history shows it, and a payment a scenario acts on says so in its card. Rules are kept with the sandbox: they survive a reload and ride its export.
      </p>
      <details>
        <summary>The header&apos;s values</summary>
        <ul>
          {scenarioHeaderExamples.map((example) => (
            <li key={example}>
              <code>
                {SCENARIO_HEADER}: {example}
              </code>
            </li>
          ))}
        </ul>
      </details>
      <h3 id="scenario-rules-title">Rules</h3>
      {rules.isError ? (
        <p role="alert" className="panel panel-error">
          {rules.error.message}
        </p>
      ) : current.length === 0 ? (
        <p className="muted">{rules.isPending ? "Loading the rules…" : "No rules: every request gets the bank's usual answer."}</p>
      ) : (
        <table className="scenario-rules" aria-labelledby="scenario-rules-title">
          <thead>
            <tr>
              <th scope="col">Rule</th>
              <th scope="col">When</th>
              <th scope="col">Forces</th>
              <th scope="col">Enabled</th>
              <th scope="col">
                <span className="visually-hidden">Delete</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {current.map((rule) => (
              <tr key={rule.id}>
                <th scope="row">
                  <code>{rule.id}</code>
                  {rule.label ? <span className="field-hint">{rule.label}</span> : null}
                </th>
                <td>{matchInWords(rule.match)}</td>
                <td>{outcomeInWords(rule.outcome)}</td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Rule ${rule.id} enabled`}
                    checked={rule.enabled}
                    disabled={save.isPending}
                    onChange={(event) => {
                      const enabled = event.target.checked;
                      replace(
                        current.map((candidate) => (candidate.id === rule.id ? { ...candidate, enabled } : candidate)),
                        `Rule ${rule.id} ${enabled ? "enabled" : "disabled"}.`,
                      );
                    }}
                  />
                </td>
                <td>
                  <button
                    type="button"
                    className="button-small"
                    aria-label={`Delete rule ${rule.id}`}
                    disabled={save.isPending}
                    onClick={() => {
                      replace(
                        current.filter((candidate) => candidate.id !== rule.id),
                        `Rule ${rule.id} deleted.`,
                      );
                    }}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ActionOutcome message={save.isSuccess ? save.variables.done : undefined} problem={save.isError ? save.error.message : undefined} />
      <ScenarioForm
        busy={save.isPending || rules.isPending}
        onAdd={(rule: NewRule) => {
          replace([...current, rule], `Rule added: ${outcomeInWords(rule.outcome)}.`);
        }}
      />
    </div>
  );
}
