/**
 * A section of a doc written from the contract between two markers (the signature doctor's table, the client report's
 * checks): the scripts that write them and their tests, which fail while a doc and the contract differ, share this.
 */
import { readFileSync, writeFileSync } from "node:fs";

export interface DocSection {
  /** The doc's path. */
  file: string;
  start: string;
  end: string;
  /** The text between the markers. */
  content: () => string;
}

/** A markdown table cell: a pipe escaped. */
export const cell = (text: string) => text.replace(/\|/g, "\\|");

/** `doc` with the text between the markers replaced by the section's content; undefined when the markers are missing. */
export function withSection(doc: string, section: DocSection): string | undefined {
  const start = doc.indexOf(section.start);
  const end = doc.indexOf(section.end);
  if (start < 0 || end < start) return undefined;
  return `${doc.slice(0, start + section.start.length)}\n\n${section.content()}\n\n${doc.slice(end)}`;
}

/** Rewrites the section in its doc; throws when the doc has lost its markers. */
export function writeSection(section: DocSection): void {
  const written = withSection(readFileSync(section.file, "utf8"), section);
  if (written === undefined) throw new Error(`${section.file} has no ${section.start} … ${section.end} markers.`);
  writeFileSync(section.file, written);
}
