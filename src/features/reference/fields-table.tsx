import { ScrollBox } from "../../components/scroll-box";
import { AllowedValues, Limits } from "./allowed-values";
import { ChoiceNote } from "../../components/sandbox-choice";
import { fieldRows, type JsonSchema } from "../../lib/schema-rows";
import { fieldAnchor, type FieldPart } from "./anchors";

/** The fields of a body as a nested table: type, required, limits, rules and the spec's notes. */
export function FieldsTable({
  schema,
  components,
  caption,
  part,
}: {
  schema: JsonSchema;
  components: Record<string, JsonSchema>;
  caption: string;
  /** Which body the fields belong to: their rows' ids (search results lead to them). */
  part: FieldPart;
}) {
  const rows = fieldRows(schema, components);
  return (
    <ScrollBox label={caption}>
      <table className="fields">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Type</th>
            <th scope="col">Required</th>
            <th scope="col">Limits and rules</th>
            <th scope="col">Notes</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.path} id={fieldAnchor(part, row.path)} className={row.deprecated ? "deprecated" : undefined}>
              <th scope="row" style={{ paddingInlineStart: `${String(0.5 + row.depth * 1.25)}rem` }}>
                <code title={row.path}>{row.name}</code>
                {row.deprecated ? <span className="tag tag-warning">deprecated</span> : null}
              </th>
              <td>{row.type}</td>
              <td>{row.required ? <strong>yes</strong> : "no"}</td>
              <td>
                <Limits limits={row.limits} pattern={row.pattern} />
                {row.values ? <AllowedValues values={row.values} /> : null}
              </td>
              <td>
                {row.description}
                {row.choice ? <ChoiceNote choice={row.choice} /> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
