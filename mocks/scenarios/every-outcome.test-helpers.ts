/**
 * Every scenario outcome walked the same way over any transport: in-process, over HTTP against the
 * standalone server, and through the service worker in Chromium (e2e/scenario-outcomes.spec.ts). A walk
 * records what a TPP's back end would see (statuses, Retry-After, the marker, the payment's status after
 * each step), and each suite compares it with `expected` using its own test runner.
 */

/** What a TPP sees of one answer. */
export interface SeenAnswer {
  status: number;
  header: (name: string) => string | null;
  json: unknown;
}

/** The calls a walk makes; each suite implements them over its transport. */
export interface ScenarioTransport {
  /** A signed createPayment from Kari to Ola, with `X-Sandbox-Scenario: scenario`. */
  initiate: (scenario: string) => Promise<SeenAnswer>;
  /** A signed status read of the payment. */
  status: (paymentId: string) => Promise<SeenAnswer>;
  approve: (paymentId: string) => Promise<SeenAnswer>;
  runBatch: () => Promise<SeenAnswer>;
  advanceClockMinutes: (minutes: number) => Promise<SeenAnswer>;
  release: (paymentId: string) => Promise<SeenAnswer>;
}

type Step = "approve" | "batch" | "release" | "expire";

export interface OutcomeCase {
  scenario: string;
  steps: Step[];
  expected: Walked;
}

export interface Walked {
  /** The initiation's HTTP status, its tppMessage code when refused, its Retry-After and marker. */
  initiation: { status: number; code?: string; retryAfter?: string; marker: string | null };
  /** After the initiation and after each step: "<step> <HTTP status of the step> → <transactionStatus read next>". */
  trail: string[];
}

const marker = (scenario: string) => `header (${scenario})`;

export const OUTCOME_CASES: OutcomeCase[] = [
  { scenario: "system-error", steps: [], expected: { initiation: { status: 500, code: "SYSTEM_ERROR", marker: marker("system-error") }, trail: [] } },
  {
    scenario: "service-unavailable;retry-after=7",
    steps: [],
    expected: { initiation: { status: 503, code: "SERVICE_UNAVAILABLE", retryAfter: "7", marker: marker("service-unavailable;retry-after=7") }, trail: [] },
  },
  {
    scenario: "too-many-requests;retry-after=9",
    steps: [],
    expected: { initiation: { status: 429, code: "ACCESS_EXCEEDED", retryAfter: "9", marker: marker("too-many-requests;retry-after=9") }, trail: [] },
  },
  {
    scenario: "delay;ms=300",
    steps: ["approve"],
    expected: { initiation: { status: 201, marker: marker("delay;ms=300") }, trail: ["created → RCVD", "approve 200 → ACTC"] },
  },
  {
    scenario: "sca-declined",
    steps: ["approve"],
    expected: { initiation: { status: 201, marker: marker("sca-declined") }, trail: ["created → RCVD", "approve 200 → RJCT"] },
  },
  {
    scenario: "sca-abandoned",
    steps: ["approve", "expire"],
    expected: { initiation: { status: 201, marker: marker("sca-abandoned") }, trail: ["created → RCVD", "approve 409 → RCVD", "expire 200 → RJCT"] },
  },
  {
    scenario: "sca-expired",
    steps: ["approve"],
    expected: { initiation: { status: 201, marker: marker("sca-expired") }, trail: ["created → RJCT", "approve 401 → RJCT"] },
  },
  {
    scenario: "settlement-rejected;reason=AC04",
    steps: ["approve", "batch"],
    expected: {
      initiation: { status: 201, marker: marker("settlement-rejected;reason=AC04") },
      trail: ["created → RCVD", "approve 200 → ACTC", "batch 200 → RJCT"],
    },
  },
  {
    scenario: "hold;status=ACSP",
    steps: ["approve", "batch", "release", "batch"],
    expected: {
      initiation: { status: 201, marker: marker("hold;status=ACSP") },
      trail: ["created → RCVD", "approve 200 → ACSP", "batch 200 → ACSP", "release 200 → ACTC", "batch 200 → ACSC"],
    },
  },
  {
    scenario: "hold;status=PDNG",
    steps: ["approve", "batch", "release", "batch"],
    expected: {
      initiation: { status: 201, marker: marker("hold;status=PDNG") },
      trail: ["created → RCVD", "approve 200 → PDNG", "batch 200 → PDNG", "release 200 → ACTC", "batch 200 → ACSC"],
    },
  },
  {
    scenario: "accepted-with-change",
    steps: ["approve", "batch", "release", "batch"],
    expected: {
      initiation: { status: 201, marker: marker("accepted-with-change") },
      trail: ["created → RCVD", "approve 200 → ACWC", "batch 200 → ACWC", "release 200 → ACTC", "batch 200 → ACSC"],
    },
  },
];

const codeOf = (json: unknown): string | undefined => {
  const messages = (json as { tppMessages?: { code?: string }[] } | null)?.tppMessages;
  return Array.isArray(messages) ? messages[0]?.code : undefined;
};

/** Walks one case: the initiation, then each step followed by a status read. */
export async function walkOutcome(transport: ScenarioTransport, outcome: OutcomeCase): Promise<Walked> {
  const created = await transport.initiate(outcome.scenario);
  const code = codeOf(created.json);
  const retryAfter = created.header("Retry-After");
  const initiation: Walked["initiation"] = {
    status: created.status,
    ...(created.status >= 400 && code !== undefined ? { code } : {}),
    ...(retryAfter === null ? {} : { retryAfter }),
    marker: created.header("X-Sandbox-Scenario-Applied"),
  };
  const paymentId = (created.json as { paymentId?: string } | null)?.paymentId;
  if (created.status !== 201 || paymentId === undefined) return { initiation, trail: [] };
  const read = async () => ((await transport.status(paymentId)).json as { transactionStatus?: string }).transactionStatus ?? "?";
  const trail = [`created → ${await read()}`];
  for (const step of outcome.steps) {
    const answer =
      step === "approve"
        ? await transport.approve(paymentId)
        : step === "batch"
          ? await transport.runBatch()
          : step === "release"
            ? await transport.release(paymentId)
            : await transport.advanceClockMinutes(11); // past the default SCA window of 10 minutes (decision 0029)
    trail.push(`${step} ${String(answer.status)} → ${await read()}`);
  }
  return { initiation, trail };
}
