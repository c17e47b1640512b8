/** An operation's error codes: status, code and what it means, and an example error answer for each. */
import { ScrollBox } from "../../components/scroll-box";
import { CodeBlock } from "../../components/code-block";
import { errorExampleBody, errorMeanings, errorsByStatus } from "../../contract/error-meanings";
import type { ErrorCode } from "../../contract/errors";
import type { Operation } from "../../contract/operations";
import { errorCodeChoice, errorStatusChoice } from "../../contract/sandbox-choices";
import { ChoiceNote, DecisionLink } from "../../components/sandbox-choice";
import { errorAnchor } from "./anchors";
import { responseMessage } from "./example-message";

function CodeChoice({ code }: { code: ErrorCode }) {
  const choice = errorCodeChoice(code);
  return choice ? <ChoiceNote choice={choice} /> : null;
}

export function ErrorsPart({ operation }: { operation: Operation }) {
  const byStatus = errorsByStatus(operation.errors);
  return (
    <>
      <h3 id="errors">Errors</h3>
      <p>
        Every error body is <code>{'{"tppMessages":[{category, code, path, text}]}'}</code>; <code>path</code> names the header, parameter or field, and{" "}
        <code>text</code> says what to fix.
      </p>
      <p className="muted">
        Spec 7 lists the codes but states the status of few (400 for a missing PSU-Corporate-ID, for REFERENCE_MIX_INVALID and for KID errors): the other
        statuses are this sandbox's choice (<DecisionLink decision="0004-error-codes-and-statuses" />
        ), and so are the codes marked below.
      </p>
      <ScrollBox label="Error codes">
        <table className="errors">
          <caption>Error codes and their HTTP status</caption>
          <thead>
            <tr>
              <th scope="col">HTTP status</th>
              <th scope="col">Code</th>
              <th scope="col">When</th>
            </tr>
          </thead>
          <tbody>
            {byStatus.flatMap(([status, codes]) =>
              codes.map((code, index) => (
                <tr key={code} id={errorAnchor(code)}>
                  {index === 0 ? (
                    <th scope="rowgroup" rowSpan={codes.length}>
                      {status}
                      {codes.every((each) => errorStatusChoice(each)) ? <span className="tag">chosen by this sandbox</span> : null}
                    </th>
                  ) : null}
                  <td>
                    <code className="code-chip">{code}</code>
                    <CodeChoice code={code} />
                  </td>
                  <td>{errorMeanings[code]}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </ScrollBox>
      <details className="error-examples">
        <summary>Example error answers ({operation.errors.length})</summary>
        {byStatus.flatMap(([status, codes]) =>
          codes.map((code) => (
            <CodeBlock
              key={code}
              text={responseMessage({ status, headers: { "Content-Type": "application/json" }, body: errorExampleBody(code) })}
              label={`Example answer: ${String(status)} ${code}`}
              copyLabel={`Copy the ${code} answer`}
            />
          )),
        )}
      </details>
    </>
  );
}
