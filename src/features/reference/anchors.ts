/** The ids of a reference page's rows, so a search result (or any link) can lead to one row. */
export type FieldPart = "request" | "response";

export const fieldAnchor = (part: FieldPart, path: string) => `${part}-field-${path}`;
export const parameterAnchor = (where: "path" | "header" | "query", name: string) => `${where}-${name}`;
export const errorAnchor = (code: string) => `error-${code}`;
