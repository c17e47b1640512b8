/**
 * The signature doctor's findings about a refused request, above the comparison of the signing strings:
 * why the signature did not verify (another key, another hash, a line end, a Digest of another body…),
 * each with the fix and the rule's source (src/contract/signature-diagnoses.ts). The doctor is the
 * sandbox's own (src/signing/diagnose.ts), loaded with the signing code, never on the first screen.
 */
import { useEffect, useState } from "react";
import { diagnosisChoice } from "../contract/sandbox-choices";
import { signatureDiagnoses, type SignatureDiagnosisCode } from "../contract/signature-diagnoses";
import type { WireRequest } from "../lib/exchange";
import type { DiagnosisCode, Finding } from "../signing/diagnosis";
import { ChoiceNote } from "./sandbox-choice";
import "./signature-diagnosis.css";

/** A finding as the traffic record keeps it: a code of the table (or of a newer sandbox's) and its text. */
interface RecordedFinding {
  code: string;
  text: string;
}

const isTableCode = (code: string): code is SignatureDiagnosisCode => Object.hasOwn(signatureDiagnoses, code);

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
/** Does not compile when the doctor's codes and the contract's table part. */
export type DoctorCodesAreTheTable = Holds<Same<DiagnosisCode, SignatureDiagnosisCode>>;

/**
 * The doctor over the request as sent. The sandbox judged the certificate's dates by its own clock,
 * which this page may not know: the doctor is asked at a time inside them, so it looks at the signature.
 */
async function diagnose(request: WireRequest): Promise<Finding[]> {
  const { diagnoseSignature, parseCertificate } = await import("../signing/index");
  let now = new Date();
  try {
    const certificate = parseCertificate(request.headers["TPP-Signature-Certificate"] ?? "");
    now = new Date(Math.min(Math.max(now.getTime(), certificate.notBefore.getTime()), certificate.notAfter.getTime()));
  } catch {
    // No readable certificate: the doctor says so.
  }
  return diagnoseSignature({ method: request.method, url: request.url, headers: request.headers, body: request.body }, { now });
}

export function SignatureDiagnosis({ request }: { request: WireRequest }) {
  const [findings, setFindings] = useState<{ of: WireRequest; list: Finding[] }>();
  useEffect(() => {
    let current = true;
    void diagnose(request).then((list) => {
      if (current) setFindings({ of: request, list });
    });
    return () => {
      current = false;
    };
  }, [request]);
  if (findings?.of !== request) return <p className="muted">The signature doctor is looking at the request…</p>;
  if (findings.list.length === 0)
    return <p className="muted">The signature doctor finds the signature itself sound: what was refused is in the answer&apos;s message.</p>;
  return <DiagnosisFindings findings={findings.list} />;
}

/**
 * The doctor's findings, each with its title, the fix in the request's own values and the rule's source: those the
 * portal found itself (above), or those the sandbox recorded with a request it received (the Traffic view).
 */
export function DiagnosisFindings({ findings, title = "What the signature doctor found" }: { findings: readonly RecordedFinding[]; title?: string }) {
  return (
    <section className="signature-diagnosis" aria-labelledby="signature-diagnosis-title">
      <h4 id="signature-diagnosis-title">{title}</h4>
      <ol>
        {findings.map((finding) => {
          const entry = isTableCode(finding.code) ? signatureDiagnoses[finding.code] : undefined;
          const choice = isTableCode(finding.code) ? diagnosisChoice(finding.code) : undefined;
          return (
            <li key={finding.code}>
              {entry ? <strong>{entry.title}</strong> : null} <code>{finding.code}</code>
              <p className="diagnosis-text">{finding.text}</p>
              {entry ? (
                <p className="muted">
                  Rule: {entry.source}
                  {choice ? (
                    <>
                      {" "}
                      <ChoiceNote choice={choice} />
                    </>
                  ) : null}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
