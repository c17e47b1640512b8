/** Every error code of the interface: its HTTP status, what it means, and which operations return it. */
import { ScrollBox } from "../../components/scroll-box";
import { Link } from "wouter";
import { errorMeanings } from "../../contract/error-meanings";
import { errorCodes, errorStatus } from "../../contract/errors";
import { operations } from "../../contract/operations";
import { errorAnchor } from "./anchors";

export function ErrorCodesTable() {
  const codes = [...errorCodes].sort((a, b) => errorStatus[a] - errorStatus[b] || a.localeCompare(b));
  return (
    <section aria-labelledby="error-codes">
      <h2 id="error-codes">Error codes</h2>
      <p>
        Every error answer is <code>{'{"tppMessages":[{category, code, path, text}]}'}</code>: the code says what kind of problem, <code>path</code> where, and{" "}
        <code>text</code> what to fix.
      </p>
      <ScrollBox label="Every error code">
        <table className="errors">
          <caption>Every error code, its HTTP status and meaning</caption>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">HTTP status</th>
              <th scope="col">When</th>
              <th scope="col">Returned by</th>
            </tr>
          </thead>
          <tbody>
            {codes.map((code) => {
              const returning = operations.filter((operation) => (operation.errors as readonly string[]).includes(code));
              return (
                <tr key={code} id={errorAnchor(code)}>
                  <th scope="row">
                    <code>{code}</code>
                  </th>
                  <td>{errorStatus[code]}</td>
                  <td>{errorMeanings[code]}</td>
                  <td>
                    {returning.length === 0 ? (
                      <span className="muted">no operation of this sandbox</span>
                    ) : returning.length === operations.length ? (
                      "every operation"
                    ) : (
                      returning.map((operation, index) => (
                        <span key={operation.id}>
                          {index > 0 ? ", " : ""}
                          <Link href={`/reference/${operation.id}#${errorAnchor(code)}`}>{operation.title}</Link>
                        </span>
                      ))
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollBox>
    </section>
  );
}
