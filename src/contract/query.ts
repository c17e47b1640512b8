/** Query parameters (spec 4.4). Values arrive as text and are parsed into the types the spec names. */
import { calendarDate } from "./primitives";
import { z } from "./zod";
import { patternText } from "./pattern-text";

/** An Int32 query parameter of at least `min`, parsed from its text. */
const int32Parameter = (min: number) =>
  z
    .string()
    .regex(/^-?\d+$/, { error: "Must be a whole number written in digits, such as 200.", abort: true })
    .meta(patternText("a whole number in digits, optionally with a minus sign"))
    .transform(Number)
    .pipe(z.int32().min(min));

export const TransactionListQuery = z
  .looseObject({
    fromDate: calendarDate.optional().meta({ description: "Earliest date wanted (booking date, inclusive)." }),
    toDate: calendarDate.optional().meta({ description: "Latest date wanted (booking date, inclusive)." }),
    offset: int32Parameter(0)
      .optional()
      .meta({
        description:
          "Number of transactions skipped before counting the limit; at least 0. Beside an after or before cursor (the Link header's URLs) it " +
          "skips nothing: the cursor says where the page starts, and offset is that page's position, which the links carry to number pages " +
          "(this sandbox's choice, decision 0059). To skip, send offset without a cursor.",
      }),
    limit: int32Parameter(1).optional().meta({ description: "At least 1; number of transactions returned. Default 200." }),
    // Opaque on purpose: the handler says which cursor it did not write, better than a pattern could.
    after: z
      .string()
      .optional()
      .meta({
        description:
          'Keyset cursor of the next page, as the Link header\'s rel="next" URL carries it; opaque: follow that URL as it is. It decides where the page ' +
          "starts; an offset beside it is only the page's position (decision 0059).",
      }),
    before: z.string().optional().meta({
      description: 'Keyset cursor of the previous (rel="prev") or last (rel="last", before=end) page, as the Link header carries it; opaque.',
    }),
  })
  .superRefine((query, ctx) => {
    if (query.fromDate && query.toDate && query.toDate < query.fromDate)
      ctx.addIssue({ code: "custom", path: ["toDate"], message: `toDate ${query.toDate} lies before fromDate ${query.fromDate}.` });
  });
export type TransactionListQuery = z.output<typeof TransactionListQuery>;

/** Spec 8: default page size of transaction lists, also used by the pagination links. */
export const DEFAULT_PAGE_SIZE = 200;
