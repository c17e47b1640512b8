import { expect, test } from "vitest";
import { literal } from "./playwright-spec";

test("a recorded body comes back byte for byte from the spec's template literal, ids as variables", () => {
  const text = 'Åse\'s "middag" `x` ${HOME} \\ \\` $ {';
  const code = literal([`{"note":${JSON.stringify(text)},"id":"`, { variable: "payment1" }, '"}']);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- evaluating the generated code is the point of the test
  const evaluate = new Function("payment1", `return ${code};`) as (payment1: string) => string;
  expect(JSON.parse(evaluate("p-42"))).toEqual({ note: text, id: "p-42" });
});
