/** Which headers each operation takes (spec 4.1, 4.4; the rest chosen per docs/decisions/0003). */
import { exactlyOnePsuIdentity, headerSet, psuIdentityRule } from "./headers";

const contentNegotiation = ["Accept", "Accept-Charset", "Accept-Encoding", "Accept-Language", "Host"] as const;
const forwardedPsu = [
  "PSU-Corporate-ID",
  "PSU-Context",
  "PSU-IP-Port",
  "PSU-User-Agent",
  "PSU-Accept",
  "PSU-Accept-Charset",
  "PSU-Accept-Encoding",
  "PSU-Accept-Language",
  "PSU-HTTP-Method",
  "PSU-Device-ID",
  "PSU-Geo-Location",
] as const;
const initiationRequired = [
  "X-Request-ID",
  "TPP-Session-ID",
  "TPP-Redirect-URI",
  "Digest",
  "TPP-Signature-Certificate",
  "Signature",
  "PSU-IP-Address",
] as const;

/** The headers of a payment initiation: those of spec 4.1, with x-accept-fix optional (see below). */
const paymentInitiationHeaders = () =>
  headerSet(initiationRequired, ["x-accept-fix", ...contentNegotiation, "TPP-Redirect-Preferred", "PSU-ID", "X-PSU-IDENTITY", ...forwardedPsu])
    .superRefine(exactlyOnePsuIdentity)
    .meta(psuIdentityRule);

/**
 * Spec 4.1, in full. PSU-ID is required unless X-PSU-IDENTITY replaces it. x-accept-fix, which 4.1 marks required, is
 * optional here: its only values (spec 9) activate breaking changes, so its absence means none (decision 0059).
 */
export const PeriodicPaymentHeaders = paymentInitiationHeaders();

/** Spec 4.2 shows no headers: those of 4.1, x-accept-fix optional as there. */
export const SinglePaymentHeaders = paymentInitiationHeaders();

/** A signing basket is initiated like a payment: same PSU and redirect headers. */
export const SigningBasketHeaders = headerSet(initiationRequired, [
  ...contentNegotiation,
  "TPP-Redirect-Preferred",
  "PSU-ID",
  "X-PSU-IDENTITY",
  ...forwardedPsu,
])
  .superRefine(exactlyOnePsuIdentity)
  .meta(psuIdentityRule);

/** Spec 4.3: ten headers, four required, six optional (names chosen here). */
export const SandboxWriteHeaders = headerSet(["X-Request-ID", "Digest", "TPP-Signature-Certificate", "Signature"], [...contentNegotiation, "x-accept-fix"]);

/** Spec 4.4, in full. */
export const SandboxReadHeaders = headerSet(["X-Request-ID", "TPP-Signature-Certificate", "Signature"], contentNegotiation);

/** Reads and deletes of payments and baskets: signed, with the PSU optional; a PSU that is named is checked like an initiation's (spec 7 rule 1). */
export const PaymentReadHeaders = headerSet(
  ["X-Request-ID", "TPP-Signature-Certificate", "Signature"],
  [...contentNegotiation, "Digest", "x-accept-fix", "PSU-ID", "X-PSU-IDENTITY", "PSU-Corporate-ID", "PSU-IP-Address"],
);
