/**
 * The history's exports stand alone (issue 27, point 4e; decision 0061): the recorded requests carry the data of the
 * sandbox the portal worked with (Kari's PSU-ID, her account number, the day they were sent). Every such value becomes
 * a variable the export's own setup fills (own-data.ts, as the code tab's), dates are computed when it runs, and an id
 * no earlier answer of the journey gave (a payment made before it) is the user's to fill.
 */
import { ownDataOf, ownVariables, type DataContext, type OwnData } from "../code-export/own-data";
import type { JourneyStep, RequestStep, Template } from "./recorded-journey";

/** The ids the steps name that no answer gave, one name per value (paymentId, paymentId_2, …). */
function userIdsOf(steps: readonly JourneyStep[]): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const step of steps) {
    if (step.kind !== "request") continue;
    for (const [name, value] of Object.entries(step.ids)) {
      if (Object.values(ids).includes(value)) continue;
      let unique = name;
      for (let count = 2; unique in ids; count += 1) unique = `${name}_${String(count)}`;
      ids[unique] = value;
    }
  }
  return ids;
}

const textsOf = (step: RequestStep) =>
  [step.path, ...step.headers.map(([, value]): Template => [value]), step.body ?? []].flatMap((parts) => parts.filter((part) => typeof part === "string"));

export function standAloneJourney(steps: readonly JourneyStep[], context: DataContext): { steps: JourneyStep[]; own: OwnData } {
  const requests = steps.filter((step) => step.kind === "request");
  const { replace, own } = ownDataOf(requests.flatMap(textsOf), context, userIdsOf(steps));
  const names = ownVariables(own);
  const template = (parts: Template): Template =>
    parts.flatMap((part): Template => {
      if (typeof part !== "string") return [part];
      return replace(part)
        .split(/(\{\{\w+\}\})/)
        .filter((piece) => piece !== "")
        .map((piece) => {
          const name = /^\{\{(\w+)\}\}$/.exec(piece)?.[1];
          return name && names.has(name) ? { variable: name, own: true as const } : piece;
        });
    });
  return {
    own,
    steps: steps.map((step) =>
      step.kind !== "request"
        ? step
        : {
            ...step,
            path: template(step.path),
            headers: step.headers.map(([name, value]) => [name, replace(value)] as const),
            body: step.body && template(step.body),
          },
    ),
  };
}
