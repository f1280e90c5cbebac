import type * as React from "react";
import { translateMessage } from "../../lib/translate-message.ts";
import { Label } from "./label.tsx";

/**
 * A labelled form control with its error message underneath, linked for screen readers. The message
 * (core's validation or the server's) is shown in the person's language.
 */
export function Field(props: { id: string; label: string; error?: string; hint?: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={props.id}>{props.label}</Label>
      {props.children}
      {props.hint && !props.error ? <p className="text-xs text-muted-foreground">{props.hint}</p> : null}
      {props.error ? (
        <p id={`${props.id}-error`} className="text-xs font-medium text-destructive">
          {translateMessage(props.error)}
        </p>
      ) : null}
    </div>
  );
}
