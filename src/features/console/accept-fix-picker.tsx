import { Controller, useFormContext } from "react-hook-form";
import { NO_FIX, acceptFixes } from "../../contract/codes";
import type { ConsoleValues } from "./console-form";
import { fieldId } from "./field-error";

/** The published fixes as checkboxes; with none checked the header is left out, which activates none (decision 0059). */
export function AcceptFixPicker({ name, describedBy }: { name: string; describedBy: string | undefined }) {
  const { control } = useFormContext<ConsoleValues>();
  return (
    <Controller
      control={control}
      name={name as `headers.${string}`}
      render={({ field }) => {
        const chosen = new Set(
          (field.value ?? "")
            .split(",")
            .map((value) => value.trim())
            .filter((value) => value !== "" && value !== NO_FIX),
        );
        const toggle = (fix: string) => {
          if (chosen.has(fix)) chosen.delete(fix);
          else chosen.add(fix);
          field.onChange(chosen.size > 0 ? [...chosen].join(", ") : undefined);
        };
        return (
          <div className="checkbox-list" role="group" aria-describedby={describedBy} id={fieldId(name)}>
            {acceptFixes.map((fix) => (
              <label key={fix}>
                <input
                  type="checkbox"
                  checked={chosen.has(fix)}
                  onChange={() => {
                    toggle(fix);
                  }}
                  onBlur={field.onBlur}
                />{" "}
                <code>{fix}</code>
              </label>
            ))}
            {[...chosen]
              .filter((fix) => !(acceptFixes as readonly string[]).includes(fix))
              .map((unknown) => (
                <span key={unknown} className="tag tag-warning">
                  unknown: {unknown}
                </span>
              ))}
            {chosen.size === 0 ? (
              <p className="muted">
                None checked: the header is left out, which activates no breaking change. This sandbox also takes <code>{NO_FIX}</code>, a value the bank may
                not know: leave the header out rather than send it.
              </p>
            ) : null}
          </div>
        );
      }}
    />
  );
}
