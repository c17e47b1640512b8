/** What the sandbox holds about the TPP: the registered contact e-mail (unsigned sandbox control). */
import { queryOptions } from "@tanstack/react-query";
import { sandboxKeys } from "../../lib/query-keys";
import { sandboxControl } from "../../lib/send";

export interface SandboxSettings {
  contactEmail: { email: string; registeredAt: string } | null;
}

export const sandboxSettingsQuery = () =>
  queryOptions({ queryKey: sandboxKeys.settings(), queryFn: () => sandboxControl<SandboxSettings>("GET", "/__sandbox/settings") });
