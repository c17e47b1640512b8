/**
 * The request's parts as tabs (decision 0050): the body first when the operation has one, then its
 * path and query parameters, then the headers. A tab whose fields have errors says how many.
 */
import type { ReactNode } from "react";
import { useFormState } from "react-hook-form";
import { Tabs, type TabItem } from "../../components/tabs";
import type { ConsoleValues } from "./console-form";
import { formErrors, requestTabOf } from "./field-error";

export type RequestTab = "body" | "params" | "headers";

const names: Record<RequestTab, string> = { body: "Body", params: "Parameters", headers: "Headers" };

function Label({ tab, errors }: { tab: RequestTab; errors: number }) {
  return (
    <>
      {names[tab]}
      {errors > 0 ? " " : null}
      {errors > 0 ? (
        <span className="tab-errors">
          {errors}
          <span className="visually-hidden"> to fix</span>
        </span>
      ) : null}
    </>
  );
}

interface Props {
  panels: Partial<Record<RequestTab, ReactNode>>;
  selected: RequestTab;
  onSelect: (tab: RequestTab) => void;
}

export function RequestTabs({ panels, selected, onSelect }: Props) {
  const { errors } = useFormState<ConsoleValues>();
  const counts = new Map<RequestTab, number>();
  for (const error of formErrors(errors, "", true)) counts.set(requestTabOf(error.path), (counts.get(requestTabOf(error.path)) ?? 0) + 1);
  const tabs = (Object.keys(names) as RequestTab[]).flatMap((tab): TabItem<RequestTab>[] => {
    const panel = panels[tab];
    return panel ? [{ id: tab, label: <Label tab={tab} errors={counts.get(tab) ?? 0} />, panel }] : [];
  });
  return <Tabs label="Request" idPrefix="request" tabs={tabs} selected={selected} onSelect={onSelect} />;
}

/** The tab a console opens on: the body, else the parameters, else the headers. */
export const firstRequestTab = (hasBody: boolean, hasParameters: boolean): RequestTab => (hasBody ? "body" : hasParameters ? "params" : "headers");
