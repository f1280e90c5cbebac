import { Loader2Icon } from "lucide-react";
import { t } from "../i18n/i18n.tsx";
import { cn } from "../lib/cn.ts";
import { Label } from "./ui/label.tsx";
import { NativeSelect } from "./ui/native-select.tsx";

/**
 * A select that asks the server to change a status (a transfer's, a help request's). While the change
 * is saved it shows the status asked for, is disabled, and a spinner beside it says "Saving". `label`
 * stands before it, or with `isLabelHidden` (a row of a table, where it would repeat) names it unseen.
 */
export function StatusSelect<T extends string>(props: {
  label: string;
  isLabelHidden?: boolean;
  id?: string;
  statuses: readonly T[];
  labelOf: (status: T) => string;
  value: T;
  isSaving: boolean;
  className?: string;
  onChange: (status: T) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      {props.isLabelHidden ? null : (
        <Label htmlFor={props.id} className="shrink-0">
          {props.label}
        </Label>
      )}
      <NativeSelect
        id={props.id}
        aria-label={props.isLabelHidden ? props.label : undefined}
        value={props.value}
        disabled={props.isSaving}
        className={cn("h-9", props.className)}
        onChange={(event) => {
          const status = props.statuses.find((candidate) => candidate === event.target.value);
          if (status) {
            props.onChange(status);
          }
        }}
      >
        {props.statuses.map((status) => (
          <option key={status} value={status}>
            {props.labelOf(status)}
          </option>
        ))}
      </NativeSelect>
      {props.isSaving ? (
        <Loader2Icon className="size-4 animate-spin text-muted-foreground" aria-label={t("Saving")} />
      ) : null}
    </div>
  );
}
