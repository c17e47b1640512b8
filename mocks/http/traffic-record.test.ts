/**
 * A record's bodies and headers as the traffic record keeps them (decision 0055): the size shown is the body's in UTF-8
 * bytes however it was handed over, a body over the bound is cut there, and no private key is kept while a certificate is.
 */
import { expect, test } from "vitest";
import { recordedBody, withoutPrivateKeys } from "./traffic-record";

test("a body's size is its UTF-8 bytes, whether the edge had it as text or as bytes, and a long one is cut at the bound", () => {
  const text = JSON.stringify({ creditorName: "Åse Øvrebø 😀", remittance: "€ 12,50" });
  const bytes = new TextEncoder().encode(text);
  expect(recordedBody(text)).toEqual({ text, bytes: bytes.length, keptBytes: bytes.length });
  expect(recordedBody(bytes)).toEqual(recordedBody(text));
  const long = "x".repeat(5000);
  expect(recordedBody(long, 4096)).toEqual({ text: "x".repeat(4096), bytes: 5000, keptBytes: 4096 });
  expect(recordedBody("")).toEqual({ text: "", bytes: 0, keptBytes: 0 });
  // Cut where a whole character ends: "ø" is two bytes, so an odd bound keeps one byte less.
  expect(recordedBody("ø".repeat(3000), 4095)).toEqual({ text: "ø".repeat(2047), bytes: 6000, keptBytes: 4094 });
  expect(recordedBody(`${"x".repeat(4000)}😀`, 4002)).toEqual({ text: "x".repeat(4000), bytes: 4004, keptBytes: 4000 });
});

test("a private key is removed from a body or a header, a certificate is kept", () => {
  const certificate = "MIIDazCCAlOgAwIBAgIUXn3certificateOfTheTpp";
  expect(withoutPrivateKeys(certificate)).toBe(certificate);
  expect(recordedBody(`{"key":"MIIEvQIBADANBgkqhkiG9w0BAQEFAASC"}`).text).toBe('{"key":"[private key removed by the sandbox]"}');
  expect(withoutPrivateKeys("MHcCAQEEIBx")).toBe("[private key removed by the sandbox]");
  expect(withoutPrivateKeys("-----BEGIN EC PRIVATE KEY-----\nAbC")).toBe("[private key removed by the sandbox]");
});
