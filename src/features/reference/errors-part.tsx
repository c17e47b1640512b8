/** An operation's error codes: status, code and what it means, and an example error answer for each. */
import { CodeBlock } from "../../components/code-block";
import { errorExampleBody, errorMeanings, errorsByStatus } from "../../contract/error-meanings";
import type { Operation } from "../../contract/operations";
import { errorAnchor } from "./anchors";
import { responseMessage } from "./example-message";

export function ErrorsPart({ operation }: { operation: Operation }) {
  const byStatus = errorsByStatus(operation.errors);
  return (
    <>
      <h3 id="errors">Errors</h3>
      <p>
        Every error body is <code>{'{"tppMessages":[{category, code, path, text}]}'}</code>; <code>path</code> names the header, parameter or field, and{" "}
        <code>text</code> says what to fix.
      </p>
      <div className="table-scroll">
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
                    </th>
                  ) : null}
                  <td>
                    <code className="code-chip">{code}</code>
                  </td>
                  <td>{errorMeanings[code]}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
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
