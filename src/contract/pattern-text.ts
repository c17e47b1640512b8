/**
 * A pattern's meaning in words, written beside the pattern in the contract (a schema's meta), so the
 * reference explains a regex without parsing it. It reaches the OpenAPI document as the extension
 * `x-pattern-text` of the same schema, where generators and readers see it too.
 */
export const PATTERN_TEXT = "x-pattern-text";

export const patternText = (words: string) => ({ [PATTERN_TEXT]: words });
