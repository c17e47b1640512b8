import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { clockQuery } from "../../lib/sandbox-queries";

/** The sandbox's time (it may be advanced): what decides whether a certificate has expired. */
export function useSandboxNow(): { now: Date; shifted: boolean } {
  const clock = useQuery(clockQuery());
  const [opened] = useState(() => Date.now());
  return useMemo(
    () => ({ now: new Date(clock.data?.now ?? opened), shifted: Math.abs(clock.data?.offsetMs ?? 0) > 60_000 }),
    [clock.data?.now, clock.data?.offsetMs, opened],
  );
}
