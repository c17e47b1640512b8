/** Small self-contained HTML pages: escaping, one layout with inline CSS, and the Response. */

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text for element content and quoted attribute values. */
export const escapeHtml = (value: unknown): string => String(value).replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);

/** Marks markup that is already safe (built from escaped parts). */
export interface Html {
  readonly html: string;
}
export const raw = (html: string): Html => ({ html });

/** A tagged template that escapes every interpolated value unless it is Html (or an array of Html). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? "";
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? "");
  });
  return raw(out);
}

function render(value: unknown): string {
  if (value === undefined || value === null || value === false) return "";
  if (Array.isArray(value)) return value.map(render).join("");
  if (typeof value === "object" && "html" in value && typeof value.html === "string") return value.html;
  return escapeHtml(value);
}

const STYLE = `
:root { color-scheme: light; --ink: #1b1f24; --muted: #4a5561; --line: #c9d1d9; --brand: #0b5394; --bad: #a4161a; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #f4f6f8; }
main { max-width: 36rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border: 1px solid var(--line); border-radius: 8px; }
.bank { margin: 0 0 1rem; font-weight: 600; color: var(--brand); letter-spacing: .02em; }
h1 { font-size: 1.5rem; margin: 0 0 .75rem; }
h2 { font-size: 1.1rem; margin: 1.25rem 0 .5rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .35rem 1rem; margin: 1rem 0; }
dt { color: var(--muted); }
dd { margin: 0; overflow-wrap: anywhere; }
.amount { font-size: 1.35rem; font-weight: 700; }
.note { color: var(--muted); font-size: .9rem; }
.error { border-left: 4px solid var(--bad); padding-left: .75rem; }
.actions { display: flex; gap: .75rem; flex-wrap: wrap; margin-top: 1.25rem; }
button { font: inherit; padding: .6rem 1.4rem; border-radius: 6px; border: 2px solid var(--brand); cursor: pointer; }
button.approve { background: var(--brand); color: #fff; }
button.decline { background: #fff; color: var(--brand); }
button:focus-visible, a:focus-visible { outline: 3px solid #f2a900; outline-offset: 2px; }
a { color: var(--brand); }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .9em; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
`;

/** The headers every page carries: no scripts, no external anything, not cached. */
const PAGE_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  // Not no-referrer: under it a browser sends "Origin: null" with the bank page's own form, which
  // the origin rules refuse. same-origin keeps the page's address from the TPP it redirects to.
  "Referrer-Policy": "same-origin",
  "Cache-Control": "no-store",
};

export function page(status: number, title: string, body: Html, headers: Record<string, string> = {}): Response {
  const document = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${raw(STYLE)}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
  return new Response(document.html, { status, headers: { ...PAGE_HEADERS, ...headers } });
}
