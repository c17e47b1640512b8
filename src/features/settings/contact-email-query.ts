/** What the sandbox holds about the TPP: the registered contact e-mail (unsigned sandbox control). */
import { queryOptions } from "@tanstack/react-query";
import { sandboxControl } from "../../lib/send";
import { sandboxKeys } from "../../lib/query-keys";

export const sandboxSettingsQuery = () => queryOptions({ queryKey: sandboxKeys.settings(), queryFn: () => sandboxControl("sandboxSettings") });
