/** queryOptions for what the explorer, forms and bank page read from the sandbox controls. */
import { queryOptions } from "@tanstack/react-query";
import { sandboxKeys } from "./query-keys";
import { sandboxControl } from "./send";

export const customersQuery = () => queryOptions({ queryKey: sandboxKeys.customers(), queryFn: () => sandboxControl("sandboxCustomers") });
export const accountsQuery = () => queryOptions({ queryKey: sandboxKeys.accounts(), queryFn: () => sandboxControl("sandboxAccounts") });
export const clockQuery = () => queryOptions({ queryKey: sandboxKeys.clock(), queryFn: () => sandboxControl("sandboxClock"), refetchInterval: 30_000 });
