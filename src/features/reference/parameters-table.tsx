import { ScrollBox } from "../../components/scroll-box";
import { AllowedValues, Limits } from "./allowed-values";
import { ChoiceNote } from "../../components/sandbox-choice";
import { headerChoice } from "../../contract/sandbox-choices";
import type { Parameter } from "../../lib/openapi-document";
import { parameterAnchor } from "./anchors";
import { limitsOf, patternOf, resolve, typeName, type JsonSchema } from "../../lib/schema-rows";

const PSU_PAIR = ["PSU-ID", "X-PSU-IDENTITY"];

/** Headers, path or query parameters: required or not, format, allowed values, meaning. */
export function ParametersTable({
  parameters,
  components,
  caption,
  psuPair,
}: {
  parameters: Parameter[];
  components: Record<string, JsonSchema>;
  caption: string;
  psuPair?: boolean;
}) {
  return (
    <ScrollBox label={caption}>
      <table className="parameters">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Required</th>
            <th scope="col">Format and allowed values</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          {parameters.map((parameter) => {
            const schema = resolve(parameter.schema, components);
            const values = schema.enum?.map(String);
            const paired = psuPair && PSU_PAIR.includes(parameter.name);
            const choice = parameter.in === "header" ? headerChoice(parameter.name) : undefined;
            return (
              <tr key={parameter.name} id={parameterAnchor(parameter.in, parameter.name)}>
                <th scope="row">
                  <code>{parameter.name}</code>
                </th>
                <td>{paired ? <strong>one of PSU-ID, X-PSU-IDENTITY</strong> : parameter.required ? <strong>yes</strong> : "no"}</td>
                <td>
                  {typeName(parameter.schema, components)}
                  <Limits limits={limitsOf(schema)} pattern={patternOf(schema)} />
                  {values ? <AllowedValues values={values} /> : null}
                </td>
                <td>
                  {parameter.description}
                  {choice ? <ChoiceNote choice={choice} /> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollBox>
  );
}
