/**
 * The Markdown files of docs/ the portal shows. They are fetched as static files (`?url&no-inline`:
 * never inlined into the JavaScript), so a record costs the bundle only its address.
 */
const decisionUrls = import.meta.glob<string>("/docs/decisions/*.md", { query: "?url&no-inline", import: "default", eager: true });
const guideUrls = import.meta.glob<string>(["/docs/back-end-quick-start.md", "/docs/openapi.md"], { query: "?url&no-inline", import: "default", eager: true });

/** "0002-single-payment-fields" (or "README") → the address of its file. */
const decisions = new Map(Object.entries(decisionUrls).map(([path, url]) => [path.slice("/docs/decisions/".length, -".md".length), url]));

export const decisionUrl = (name: string): string | undefined => decisions.get(name);
export const quickStartUrl = (): string | undefined => guideUrls["/docs/back-end-quick-start.md"];
export const openApiGuideUrl = (): string | undefined => guideUrls["/docs/openapi.md"];

export async function fetchMarkdown(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The document could not be loaded (${String(response.status)}).`);
  return response.text();
}
