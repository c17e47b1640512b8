/**
 * What the signature doctor costs a refusal (decision 0052): the median time of examineSignature on requests with
 * one planted mistake, usual and at the doctor's bounds. A measurement, not a test: `npx tsx scripts/signature-doctor-cost.ts`.
 */
import { computeDigest, examineSignature, generateTestCertificate, type SignableRequest } from "../src/signing/index";
import { DEFAULT_LIST, planted, type Plant } from "../src/signing/test-fixtures/planted-mistakes";
import { PAYMENT_BODY, PAYMENT_REQUEST } from "../src/signing/test-fixtures/signed-request";

const ROUNDS = 40;
const tpp = await generateTestCertificate();
const other = await generateTestCertificate();
const request = (body = PAYMENT_BODY, headers: Record<string, string> = {}): SignableRequest => ({
  ...PAYMENT_REQUEST,
  headers: { ...PAYMENT_REQUEST.headers, Host: "api.sandbox.example.no", ...headers },
  body,
});
const wide = JSON.stringify({ items: Array.from({ length: 600 }, (_, index) => ({ id: index, name: `Ærlig ${String(index)}`, tags: ["a", "b"] })) });
const cases: [string, SignableRequest, Plant][] = [
  ["CRLF line ends", request(), { edit: (s) => s.replace(/\n/g, "\r\n") }],
  ["another key", request(), { key: other.privateKey }],
  ["a value changed after signing (nothing matches)", request(), { edit: (s) => `${s} ` }],
  ["Digest of the JSON pretty-printed", request(), { digest: await computeDigest(JSON.stringify(JSON.parse(PAYMENT_BODY), null, 2)) }],
  [`Digest mismatch, ${String(Math.round(wide.length / 1024))} KiB JSON body, nothing matches`, request(wide), { digest: await computeDigest("x") }],
  [
    "a list naming one header 400 times (variant budget)",
    request(),
    { list: [...DEFAULT_LIST, ...Array.from({ length: 400 }, () => "x-request-id")], edit: (s) => `${s} ` },
  ],
];
for (const [label, base, plant] of cases) {
  const made = await planted(tpp, base, plant);
  const times: number[] = [];
  let codes = "";
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    const examination = await examineSignature(made);
    times.push(performance.now() - started);
    codes = examination.diagnosis.map((finding) => finding.code).join(",");
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  const p90 = times[Math.floor(times.length * 0.9)] ?? 0;
  console.log(`${label}: median ${median.toFixed(2)} ms, p90 ${p90.toFixed(2)} ms (${codes})`);
}
