/** /__sandbox/scenarios and the release of held payments (decision 0037-scenarios). */
import type { z } from "zod";
import type { ScenarioRule, ScenarioRulesBody } from "../../src/contract/scenarios";
import { release } from "../domain/scenario-effects";
import { expiryIn } from "../env/sandbox-time";
import type { SandboxEnv } from "../env/sandbox-env";
import { errorAnswer, failure, type Answer } from "../env/answer";
import { answerWith } from "./answer";

export async function scenarioRules(env: SandboxEnv): Promise<Answer> {
  const rules = (await env.store.read((tx) => tx.meta("scenarioRules"))) ?? [];
  return answerWith("scenarioRules", { rules });
}

/** The rule set, replaced whole: a rule without an id gets a short one, unused in the set. */
export async function setScenarioRules(env: SandboxEnv, body: z.output<typeof ScenarioRulesBody>): Promise<Answer> {
  const taken = new Set(body.rules.flatMap((rule) => (rule.id === undefined ? [] : [rule.id])));
  const rules: ScenarioRule[] = body.rules.map((rule) => {
    if (rule.id !== undefined) return { ...rule, id: rule.id };
    let id: string;
    do id = `rule-${env.newId().replace(/-/g, "").slice(0, 8)}`;
    while (taken.has(id));
    taken.add(id);
    return { ...rule, id };
  });
  await env.store.write((tx) => tx.putMeta("scenarioRules", rules));
  return answerWith("setScenarioRules", { rules });
}

export async function releasePayment(env: SandboxEnv, paymentId: string): Promise<Answer> {
  return env.store.write(async (tx) => {
    const stored = await tx.payment(paymentId);
    if (!stored) return failure("RESOURCE_UNKNOWN", `No payment ${paymentId} in this sandbox.`, "paymentId");
    const time = await expiryIn(tx, env);
    const payment = await time.paymentAsNow(stored);
    if (payment !== stored) await tx.putPayment(payment);
    const released = release(payment, time.now, time.today);
    if (!released.ok) return errorAnswer(released.messages);
    await tx.putPayment(released.value);
    return answerWith("releasePayment", released.value);
  });
}
