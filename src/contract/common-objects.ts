/** The shared objects of spec 2.1: account reference, address, link, tppMessage. */
import { contradictingBban } from "./account-numbers";
import { LinkVerb } from "./codes";
import { TppMessageCode } from "./errors";
import { bban, countryCode, currencyCode, freeText, iban, text } from "./primitives";
import { strictObject } from "./strict-object";
import { z } from "./zod";

export const AccountReference = strictObject({
  bban: bban.optional().meta({ description: "Basic bank account number; at most 30 characters." }),
  iban: iban.optional().meta({ description: "International bank account number; at most 34 characters, ISO 13616-1:2007 structure." }),
  currency: currencyCode.meta({ description: "Currency of the account; one of the ISO 4217 codes." }),
})
  .superRefine((value, ctx) => {
    if (value.bban === undefined && value.iban === undefined) {
      ctx.addIssue({ code: "custom", path: ["bban"], message: "Identify the account: give its bban (or its iban)." });
    } else {
      const named = contradictingBban(value);
      if (named)
        ctx.addIssue({
          code: "custom",
          path: ["iban"],
          message: `The iban names account ${named} but the bban is ${value.bban ?? ""}; send one, or two that match.`,
        });
    }
  })
  .meta({
    id: "AccountReference",
    description: "Reference to an account (creditorAccount, debtorAccount): bban or iban, and the currency.",
    anyOf: [{ required: ["bban"] }, { required: ["iban"] }],
  });
export type AccountReference = z.infer<typeof AccountReference>;

export const Address = strictObject({
  street: freeText(70).optional().meta({ description: "At most 70 characters." }),
  // The spec gives these no length; the body's size bounds them.
  buildingNumber: freeText().optional(),
  postalCode: freeText().optional(),
  city: freeText().optional(),
  country: countryCode.meta({ description: "Two characters, one of the ISO 3166-1 alpha-2 country codes." }),
}).meta({ id: "Address", description: "Address of the creditor (creditorAddress)." });
export type Address = z.infer<typeof Address>;

export const Link = z
  .object({
    href: z.string().meta({ description: "Target of the link." }),
    verbs: z.array(LinkVerb).meta({ description: "HTTP methods the target accepts: GET, PUT, POST, DELETE." }),
  })
  .meta({ id: "Link", description: "A hyperlink to a next step." });
export type Link = z.infer<typeof Link>;

export const Links = z.record(z.string(), Link).meta({ id: "Links", description: "Hyperlinks, by name." });

export const TppMessageCategory = z.enum(["ERROR", "WARNING"]);

export const TppMessage = z
  .object({
    category: TppMessageCategory,
    code: TppMessageCode.meta({ description: "See spec section 7." }),
    path: z.string().optional().meta({ description: "Where the problem is: a header name, query parameter or body field path." }),
    text: text(512).optional().meta({ description: "Explanation for the TPP; at most 512 characters." }),
  })
  .meta({ id: "TppMessage", description: "An operational message to the TPP." });
export type TppMessage = z.infer<typeof TppMessage>;

export const ErrorBody = z
  .object({ tppMessages: z.array(TppMessage).min(1) })
  .meta({ id: "Error", description: "Every error answer: one or more tppMessages." });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const psuMessage = text(512).meta({ description: "Text for display to the PSU; at most 512 characters." });
