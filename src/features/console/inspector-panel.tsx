/**
 * The inspector tab: the live preview of what the form would send, or the last sent request (its
 * answer is in the Response tab). It watches the form's values itself, so typing re-renders this
 * panel, not the form.
 */
import { useState } from "react";
import { useWatch, type Control } from "react-hook-form";
import { Inspector, inspectorPropsOf } from "../../components/inspector";
import type { Operation } from "../../contract/operations";
import type { Exchange } from "../../lib/exchange";
import type { FieldNode } from "../../lib/form-fields";
import type { ConsoleValues } from "./console-form";
import { useLivePreview } from "./use-live-preview";

export type InspectorView = "preview" | "sent";

interface Props {
  operation: Operation;
  nodes: FieldNode[];
  control: Control<ConsoleValues>;
  exchange: Exchange | undefined;
  view: InspectorView;
  onView: (view: InspectorView) => void;
  curl: () => Promise<string>;
}

export function InspectorPanel({ operation, nodes, control, exchange, view, onView, curl }: Props) {
  const values = useWatch({ control }) as ConsoleValues;
  const [previewId] = useState(() => crypto.randomUUID());
  const preview = useLivePreview(operation, values, nodes, previewId);
  const shown =
    view === "sent" && exchange
      ? { ...inspectorPropsOf(exchange), title: "Request inspector: last sent", withResponse: false }
      : preview.signed
        ? { request: preview.signed.request, unsentHeaders: preview.signed.unsent, signing: preview.signed.signing, title: "Request inspector: live preview" }
        : undefined;
  return (
    <>
      {exchange ? (
        <div className="tabs" role="group" aria-label="Inspector view">
          <button
            type="button"
            aria-pressed={view === "preview"}
            onClick={() => {
              onView("preview");
            }}
          >
            Live preview
          </button>
          <button
            type="button"
            aria-pressed={view === "sent"}
            onClick={() => {
              onView("sent");
            }}
          >
            Last sent
          </button>
        </div>
      ) : null}
      {shown ? <Inspector {...shown} curl={curl} /> : <p className="muted inspector-preparing">{preview.error ?? "Preparing the request…"}</p>}
    </>
  );
}
