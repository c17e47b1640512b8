/**
 * The one zod instance of the contract, configured so that every issue, wherever it is
 * shown (form field, tppMessage, reference example), tells a TPP developer what to fix.
 * Every contract module imports `z` from here, so the configuration is always in place.
 */
import { z } from "zod";
import { describeIssue } from "./issue-text";

z.config({ customError: describeIssue });

/**
 * A schema's own error text for a wrong value; a missing value falls through to the
 * default "Required" text rather than being described as wrong.
 */
export const whenPresent =
  (text: (input: unknown) => string) =>
  (issue: { input?: unknown }): string | undefined =>
    issue.input === undefined ? undefined : text(issue.input);

export { z };
