/**
 * What a client signed beside the signing string the sandbox rebuilt, line by line, the first difference marked from
 * where it starts: the inspector's comparison for a request the portal sent, and the Traffic view's for a request the
 * sandbox received from this portal (whose signing string the history kept).
 */
import { ScrollBox } from "./scroll-box";
import { compareLines, type LineComparison } from "./signature-parts";

/** A line with its first difference marked from where it starts to the line's end. */
function MarkedLine({ text, from }: { text: string; from: number | undefined }) {
  if (from === undefined) return <code className="wrap">{text}</code>;
  return (
    <code className="wrap">
      {text.slice(0, from)}
      <mark className="first-difference">{text.slice(from) || "\u00a0"}</mark>
    </code>
  );
}

function firstDifferenceText(rows: LineComparison[]): string {
  const index = rows.findIndex((row) => row.firstDifferenceAt !== undefined);
  const row = rows[index];
  if (!row) return "";
  const name = (row.other ?? row.line).split(":")[0];
  return ` The first difference is marked: line ${String(index + 1)}${name ? ` (${name})` : ""}, from character ${String((row.firstDifferenceAt ?? 0) + 1)}.`;
}

export function SigningCompare({ signed, rebuilt, signedBy }: { signed: string; rebuilt: string; signedBy: string }) {
  const rows = compareLines(signed, rebuilt);
  const differs = rebuilt !== signed;
  return (
    <div className="signing-compare" role="group" aria-label="What was signed beside what the sandbox rebuilt">
      <p className="notice">
        {differs
          ? `The sandbox rebuilt a different signing string. Lines that differ are marked.${firstDifferenceText(rows)}`
          : "The sandbox rebuilt the same signing string: what it refused is the signature value, or the key that made it, or the Digest against the body (see the answer's message)."}
      </p>
      <ScrollBox label="Signing strings">
        <table>
          <caption>Signing string: signed by {signedBy} and rebuilt by the sandbox, in full</caption>
          <thead>
            <tr>
              <th scope="col">Signed</th>
              <th scope="col">Rebuilt by the sandbox</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index} className={row.same ? undefined : "differs"}>
                <td>
                  <MarkedLine text={row.line} from={row.firstDifferenceAt} />
                </td>
                <td>
                  <MarkedLine text={row.other ?? ""} from={row.firstDifferenceAt} />
                  {row.same ? null : <span className="visually-hidden"> (differs)</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </div>
  );
}
