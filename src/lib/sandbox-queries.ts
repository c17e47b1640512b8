/** queryOptions for what the explorer, forms and bank page read from the sandbox controls. */
import { queryOptions } from "@tanstack/react-query";
import { sandboxControl } from "./control-client";
import { sandboxKeys } from "./query-keys";

export const customersQuery = () => queryOptions({ queryKey: sandboxKeys.customers(), queryFn: () => sandboxControl("sandboxCustomers") });
export const accountsQuery = () => queryOptions({ queryKey: sandboxKeys.accounts(), queryFn: () => sandboxControl("sandboxAccounts") });
export const clockQuery = () => queryOptions({ queryKey: sandboxKeys.clock(), queryFn: () => sandboxControl("sandboxClock"), refetchInterval: 30_000 });
