/** The TPP-Session-ID the forms start with: one per browser tab, kept while the tab lives. */
export function sessionId(): string {
  const existing = sessionStorage.getItem("tpp-session-id");
  if (existing) return existing;
  const made = crypto.randomUUID();
  sessionStorage.setItem("tpp-session-id", made);
  return made;
}
