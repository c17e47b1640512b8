/** The "make a test certificate" form: text fields in, options for the generator out. */
import { z } from "zod";

/**
 * Names with a quotation mark, a backslash or a leading "#" are refused here rather than altered:
 * the issuer's name travels inside the Signature header's quoted keyId, where those characters are
 * syntax (src/signing/test-certificate.ts).
 */
const nameText = (limit: string) =>
  z
    .string()
    .trim()
    .max(64, `At most 64 characters (the X.520 limit for ${limit}).`)
    .refine((value) => !/["\\\p{Cc}]/u.test(value) && !value.startsWith("#"), {
      message: "Quotation marks, backslashes, control characters and a leading # are not supported by the certificate generator; leave them out.",
    });

export const generateSchema = z.object({
  tppName: nameText("a CN").pipe(z.string().min(1, "Enter the TPP's name: it becomes the certificate's CN and its label.")),
  organizationName: nameText("an O"),
  organizationId: z
    .string()
    .trim()
    .regex(/^\d{0,20}$/, "Digits only: the part after PSDNO-FSA-, e.g. 123456789 (the NCA's id for the TPP)."),
  validityDays: z
    .string()
    .trim()
    .regex(/^\d+$/, "A whole number of days, e.g. 365.")
    .transform(Number)
    .pipe(z.number().min(1, "At least 1 day.").max(3650, "At most 3650 days (ten years).")),
});

export type GenerateInput = z.input<typeof generateSchema>;
export type GenerateOptions = z.output<typeof generateSchema>;

export const generateDefaults: GenerateInput = { tppName: "", organizationName: "", organizationId: "", validityDays: "365" };
