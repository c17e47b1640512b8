import { useSandboxStatus } from "../lib/sandbox";

/** Whether the in-browser sandbox answers yet: the first paint never waits for it. */
export function SandboxIndicator() {
  const status = useSandboxStatus();
  if (status.state === "ready")
    return (
      <span className="sandbox-state sandbox-ready" role="status">
        Sandbox ready
      </span>
    );
  if (status.state === "failed")
    return (
      <span className="sandbox-state sandbox-failed" role="alert" title={status.message}>
        Sandbox failed to start: {status.message}
      </span>
    );
  return (
    <span className="sandbox-state" role="status">
      Sandbox starting…
    </span>
  );
}
