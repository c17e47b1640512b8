/** What a newcomer sees before the sandbox has received anything: how to send it a first request. */
import { Link } from "wouter";
import { CodeBlock } from "../../components/code-block";
import type { SandboxChoice } from "../../lib/settings";

/** A request anyone can send from a shell: unsigned, so the sandbox refuses it, and the doctor says why. */
export const firstCurl = (url: string) =>
  `curl -i -X POST '${url.replace(/\/+$/, "")}/v1/payments/norwegian-domestic-credit-transfers' -H 'Content-Type: application/json' -d '{}'`;

export function TrafficEmpty({ sandbox }: { sandbox: SandboxChoice }) {
  if (sandbox.kind === "browser")
    return (
      <div className="traffic-empty">
        <p>
          <strong>No requests yet.</strong> This browser’s sandbox answers this portal’s requests: send one from <Link href="/try">Try it</Link> or follow the{" "}
          <Link href="/first-payment">first payment</Link>, and it shows here as the sandbox received it.
        </p>
        <p>
          To see the requests of curl or your back end, run a sandbox server (<code>npx psd2-sandbox</code>) and choose it under{" "}
          <Link href="/settings#sandbox">Settings → Sandbox</Link>: a shell cannot reach a sandbox that lives in a browser tab.
        </p>
      </div>
    );
  return (
    <div className="traffic-empty">
      <p>
        <strong>No requests yet.</strong> Send one from <Link href="/try">Try it</Link>, point your back end at <code>{sandbox.url}</code>, or paste this into a
        shell: an unsigned payment, which the sandbox refuses, saying why.
      </p>
      <CodeBlock label="A first request from a shell" text={firstCurl(sandbox.url)} copyLabel="Copy curl" />
    </div>
  );
}
