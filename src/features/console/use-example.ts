/**
 * The operation's example, from what the sandbox holds (accounts, customers, today) and what the
 * address names (path parameters, query). Loading until the sandbox's data has arrived; when it
 * cannot arrive, the example without it (and why).
 */
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useSearch } from "wouter";
import type { Operation } from "../../contract/operations";
import { ADDRESS_MARKERS, FROM_REFERENCE, recordedSourceOf, type RecordedSource } from "../../lib/console-address";
import { exampleValues } from "../../lib/examples";
import { accountsQuery, clockQuery, customersQuery } from "../../lib/sandbox-queries";
import { useSettings } from "../../lib/settings";
import type { ConsoleValues } from "./console-form";
import { sessionId } from "../../lib/session-id";

export type ExampleState = { kind: "loading" } | { kind: "ready" } | { kind: "failed"; problem: string };

export function useExample(operation: Operation): {
  example: ConsoleValues;
  state: ExampleState;
  /** The recorded request (of the history or the traffic record) the address opens. */
  recorded: RecordedSource | undefined;
  fromReference: boolean;
  addressed: string[];
} {
  const settings = useSettings();
  const searchText = useSearch();
  const accounts = useQuery(accountsQuery());
  const customers = useQuery(customersQuery());
  const clock = useQuery(clockQuery());
  const search = useMemo(() => new URLSearchParams(searchText), [searchText]);
  const fromUrl = useMemo(() => Object.fromEntries([...search.entries()].filter(([name]) => !ADDRESS_MARKERS.includes(name))), [search]);
  const example = useMemo(() => {
    const isPathParam = (name: string) => operation.pathParams !== undefined && name in operation.pathParams.shape;
    const values = exampleValues(
      operation.id,
      {
        accounts: accounts.data ?? [],
        customers: customers.data ?? [],
        today: clock.data?.today ?? new Date().toISOString().slice(0, 10),
        origin: location.origin,
        psuId: settings.psuId,
        sessionId: sessionId(),
      },
      Object.fromEntries(Object.entries(fromUrl).filter(([name]) => isPathParam(name))),
    );
    const known = Object.keys(operation.headers.shape);
    values.headers = Object.fromEntries(Object.entries(values.headers).filter(([name]) => known.includes(name)));
    values.query = Object.fromEntries(Object.entries(fromUrl).filter(([name]) => !isPathParam(name)));
    return values;
  }, [operation, accounts.data, customers.data, clock.data?.today, settings.psuId, fromUrl]);
  // Data once arrived stays the example's, even when a later refresh fails.
  const failed = [accounts, customers, clock].find((query) => query.data === undefined && query.isError);
  const state: ExampleState =
    accounts.data && customers.data && clock.data ? { kind: "ready" } : failed ? { kind: "failed", problem: failed.error.message } : { kind: "loading" };
  const addressed = useMemo(() => Object.keys(fromUrl), [fromUrl]);
  return { example, state, recorded: recordedSourceOf(search), fromReference: search.has(FROM_REFERENCE), addressed };
}
