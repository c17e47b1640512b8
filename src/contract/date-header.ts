/**
 * The Date request header (decision 0013): optional, signed when present, an IMF-fixdate within this window of
 * real time either way. The sandbox checks it (mocks/http/request-guard.ts); the OpenAPI document declares it.
 */

/** How far a signed Date may be from real time, either way. */
export const DATE_WINDOW_MS = 5 * 60 * 1000;

/** RFC 9110 5.6.7 IMF-fixdate, the one form a sender generates: `Tue, 24 Nov 2026 09:30:00 GMT`. */
export const IMF_FIXDATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
