/**
 * "bban or iban" as generators read it. The contract states such a rule as `anyOf` of bare
 * `required` lists beside the properties (`{ required: ["bban"] }`): valid JSON Schema, but a
 * generator sees alternatives of no type and gives them `unknown`. Each alternative gets the type
 * and the properties it requires, and an `anyOf` moves into `allOf` (where it means the same), so
 * openapi-typescript makes `{ bban?; iban?; currency } & ({ bban } | { iban })` of it, and linters
 * find every required property defined. The meaning is unchanged: the alternatives only repeat
 * what the object's own properties already say.
 */
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);
const bareRequired = (option: unknown): option is { required: string[] } =>
  isObject(option) && Object.keys(option).length === 1 && Array.isArray(option.required);

function typed(option: { required: string[] }, properties: Json): Json {
  return { type: "object", properties: Object.fromEntries(option.required.map((name) => [name, properties[name] ?? {}])), required: option.required };
}

function withTypedOptions(schema: Json, key: "anyOf" | "oneOf", properties: Json): Json {
  const options = schema[key];
  if (!Array.isArray(options) || !options.every(bareRequired)) return schema;
  return { ...schema, [key]: options.map((option) => typed(option, properties)) };
}

/** The schema and everything in it, with every bare `required` alternative typed. */
export function typedAlternatives(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(typedAlternatives);
  if (!isObject(value)) return value;
  let schema: Json = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, typedAlternatives(inner)]));
  const properties = schema.properties;
  if (isObject(properties)) {
    const bareAnyOf = Array.isArray(value.anyOf) && value.anyOf.every(bareRequired);
    schema = withTypedOptions(withTypedOptions(schema, "anyOf", properties), "oneOf", properties);
    // Beside properties, a generator joins anyOf with a union (either shape alone would do) but allOf with an intersection.
    if (bareAnyOf) {
      const { anyOf, ...rest } = schema;
      const allOf: unknown[] = Array.isArray(rest.allOf) ? rest.allOf : [];
      schema = { ...rest, allOf: [...allOf, { anyOf }] };
    }
    if (isObject(schema.not)) schema = { ...schema, not: withTypedOptions(schema.not, "anyOf", properties) };
  }
  return schema;
}
