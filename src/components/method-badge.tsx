import type { HttpMethod } from "../contract/operations";

/** The HTTP method as a coloured tag; the colour is decoration, the text carries the meaning. */
export function MethodBadge({ method }: { method: HttpMethod }) {
  return <span className={`method method-${method.toLowerCase()}`}>{method}</span>;
}
