/**
 * From a sent URL back to the operation of the table it addressed: which operation, its path
 * parameters and its query. The history needs it to replay a request through `sendRequest` and to
 * open it in the console; it also reads any link the interface returns (`_links`, `Link`).
 */
import { operations, type Operation } from "../../contract/operations";

export interface OperationMatch {
  operation: Operation;
  params: Record<string, string>;
  query: Record<string, string>;
  /** Path and query without any prefix of the base address: what was signed as (request-target). */
  target: string;
}

interface Template {
  regex: RegExp;
  names: string[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function compile(path: string): Template {
  const names: string[] = [];
  // A base address may carry a path of its own (https://bank.example/psd2), so any prefix is allowed.
  const pattern = path
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return escape(part);
      names.push(name);
      return "([^/]*)";
    })
    .join("");
  return { regex: new RegExp(`^(.*?)${pattern}$`), names };
}

const templates = new Map<string, Template>();
const templateOf = (path: string) => {
  let template = templates.get(path);
  if (!template) {
    template = compile(path);
    templates.set(path, template);
  }
  return template;
};

const decode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

function matchOne(operation: Operation, method: string, url: URL): OperationMatch | undefined {
  if (operation.method !== method.toUpperCase()) return undefined;
  const { regex, names } = templateOf(operation.path);
  const found = regex.exec(url.pathname);
  if (!found) return undefined;
  const prefix = found[1] ?? "";
  const params = Object.fromEntries(names.map((name, index) => [name, decode(found[index + 2] ?? "")]));
  const query = Object.fromEntries(url.searchParams.entries());
  return { operation, params, query, target: `${url.pathname.slice(prefix.length)}${url.search}` };
}

/**
 * The operation a request addressed. `preferred` (the id the history recorded) wins when it fits;
 * otherwise the first operation of the table whose method and path template match.
 */
export function matchOperation(method: string, address: string, preferred?: string | null): OperationMatch | undefined {
  let url: URL;
  try {
    url = new URL(address, "http://portal.invalid");
  } catch {
    return undefined;
  }
  const first = operations.find((operation) => operation.id === preferred);
  const own = first ? matchOne(first, method, url) : undefined;
  if (own) return own;
  for (const operation of operations) {
    const match = matchOne(operation, method, url);
    if (match) return match;
  }
  return undefined;
}
