/** The parameters of a Signature header, for display (the sandbox does the strict parsing). */
export function signatureParts(header: string): [string, string][] {
  return [...header.matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1] ?? "", match[2] ?? ""]);
}

export interface LineComparison {
  line: string;
  other: string | undefined;
  same: boolean;
  /** On the first line that differs: where the difference starts (0-based). */
  firstDifferenceAt?: number;
}

const firstDifferentChar = (a: string, b: string) => {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index++;
  return index;
};

/** Pairs the lines of what was signed with what the server rebuilt, marking those that differ and where the first difference starts. */
export function compareLines(signed: string, rebuilt: string): LineComparison[] {
  const ours = signed.split("\n");
  const theirs = rebuilt.split("\n");
  let marked = false;
  return Array.from({ length: Math.max(ours.length, theirs.length) }, (_, index) => {
    const row: LineComparison = { line: ours[index] ?? "", other: theirs[index], same: ours[index] === theirs[index] };
    if (!row.same && !marked) {
      marked = true;
      row.firstDifferenceAt = firstDifferentChar(row.line, row.other ?? "");
    }
    return row;
  });
}

/** The signing string the sandbox rebuilt, from its response header (base64 of UTF-8). */
export function rebuiltSigningString(headers: Record<string, string>): string | undefined {
  const value = headers["x-sandbox-signing-string"];
  if (!value) return undefined;
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(value), (char) => char.charCodeAt(0)));
  } catch {
    return undefined;
  }
}
