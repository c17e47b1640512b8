/**
 * The operation's example, from what the sandbox holds (accounts, customers, today) and what the
 * address names (path parameters, query). Not ready until the sandbox's data has arrived.
 */
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useSearch } from "wouter";
import type { Operation } from "../../contract/operations";
import { exampleValues } from "../../lib/examples";
import { accountsQuery, clockQuery, customersQuery } from "../../lib/sandbox-queries";
import { useSettings } from "../../lib/settings";
import type { ConsoleValues } from "./console-form";
import { sessionId } from "./session-id";

export function useExample(operation: Operation): { example: ConsoleValues; ready: boolean } {
  const settings = useSettings();
  const searchText = useSearch();
  const accounts = useQuery(accountsQuery());
  const customers = useQuery(customersQuery());
  const clock = useQuery(clockQuery());
  const fromUrl = useMemo(() => Object.fromEntries(new URLSearchParams(searchText).entries()), [searchText]);
  const example = useMemo(() => {
    const isPathParam = (name: string) => operation.pathParams !== undefined && name in operation.pathParams.shape;
    const values = exampleValues(operation.id, {
      accounts: accounts.data ?? [],
      customers: customers.data ?? [],
      today: clock.data?.today ?? new Date().toISOString().slice(0, 10),
      origin: location.origin,
      psuId: settings.psuId,
      sessionId: sessionId(),
    }, Object.fromEntries(Object.entries(fromUrl).filter(([name]) => isPathParam(name))));
    const known = Object.keys(operation.headers.shape);
    values.headers = Object.fromEntries(Object.entries(values.headers).filter(([name]) => known.includes(name)));
    values.query = Object.fromEntries(Object.entries(fromUrl).filter(([name]) => !isPathParam(name)));
    return values;
  }, [operation, accounts.data, customers.data, clock.data?.today, settings.psuId, fromUrl]);
  return { example, ready: accounts.isSuccess && customers.isSuccess && clock.isSuccess };
}
