/**
 * What a "character" of the spec's limits is (docs/decisions/0016): a Unicode code point, as JSON
 * Schema's maxLength counts and as zod's length checks count. Not a UTF-16 unit (an emoji would be
 * two) and not a grapheme (what a font draws as one may be several code points). A lone surrogate
 * counts as one, as it does in zod.
 */

/** The number of characters (code points) in `value`. */
export function characterCount(value: string): number {
  let count = value.length;
  for (let index = 0; index < value.length - 1; index++) {
    if ((value.charCodeAt(index) & 0xfc00) === 0xd800 && (value.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      count--;
      index++;
    }
  }
  return count;
}

/** The first `max` characters of `value`, never cutting a surrogate pair in half. */
export function firstCharacters(value: string, max: number): string {
  if (value.length <= max) return value;
  let units = 0;
  for (let taken = 0; taken < max && units < value.length; taken++) {
    const pair = (value.charCodeAt(units) & 0xfc00) === 0xd800 && (value.charCodeAt(units + 1) & 0xfc00) === 0xdc00;
    units += pair ? 2 : 1;
  }
  return value.slice(0, units);
}

/** `value` cut to at most `max` characters, ending in "…" when it was cut. */
export function clipCharacters(value: string, max: number): string {
  return characterCount(value) > max ? `${firstCharacters(value, max - 1)}…` : value;
}

/**
 * Controls, line breaks and bidirectional controls (decision 0049), as the body of a regex character
 * class: free text refuses them (primitives.ts freeText), and a value quoted back shows them escaped.
 */
export const CONTROL_CHARACTERS = "\\u0000-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069";
const ANY_CONTROL = new RegExp(`[${CONTROL_CHARACTERS}]`, "g");

/** `text` with every control written as \\uXXXX: a quoted value can neither break a line nor turn the text around it. */
export function neutralised(text: string): string {
  return text.replace(ANY_CONTROL, (char) => `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`);
}
