/** Query parameters (spec 4.4). Values arrive as text and are parsed into the types the spec names. */
import { calendarDate } from "./primitives";
import { z } from "./zod";

/** An Int32 query parameter of at least `min`, parsed from its text. */
const int32Parameter = (min: number) =>
  z
    .string()
    .regex(/^-?\d+$/, { error: "Must be a whole number written in digits, such as 200.", abort: true })
    .transform(Number)
    .pipe(z.int32().min(min));

export const TransactionListQuery = z
  .looseObject({
    fromDate: calendarDate.optional().meta({ description: "Earliest date wanted (booking date, inclusive)." }),
    toDate: calendarDate.optional().meta({ description: "Latest date wanted (booking date, inclusive)." }),
    offset: int32Parameter(0).optional().meta({ description: "Number of transactions skipped before counting the limit; at least 0." }),
    limit: int32Parameter(1).optional().meta({ description: "At least 1; number of transactions returned. Default 200." }),
  })
  .superRefine((query, ctx) => {
    if (query.fromDate && query.toDate && query.toDate < query.fromDate)
      ctx.addIssue({ code: "custom", path: ["toDate"], message: `toDate ${query.toDate} lies before fromDate ${query.fromDate}.` });
  });
export type TransactionListQuery = z.output<typeof TransactionListQuery>;

/** Spec 8: default page size of transaction lists, also used by the pagination links. */
export const DEFAULT_PAGE_SIZE = 200;
