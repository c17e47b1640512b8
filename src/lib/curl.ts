/** "Copy as curl": a request as a shell command, quoted for POSIX shells. */
import type { WireRequest } from "./exchange";

const quote = (text: string) => `'${text.replace(/'/g, `'"'"'`)}'`;

export function curlCommand(request: WireRequest): string {
  const lines = [`curl -i -X ${request.method} ${quote(request.url)}`];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`  -H ${quote(`${name}: ${value}`)}`);
  if (request.body !== undefined) lines.push(`  --data-binary ${quote(request.body)}`);
  return lines.join(" \\\n");
}
