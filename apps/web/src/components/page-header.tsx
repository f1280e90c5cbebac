import type * as React from "react";

/** A page's heading, its one-line description and optional actions on the right. */
export function PageHeader(props: { title: string; description?: string; actions?: React.ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{props.title}</h1>
        {props.description ? <p className="mt-1 text-muted-foreground">{props.description}</p> : null}
      </div>
      {props.actions ? <div className="flex gap-2">{props.actions}</div> : null}
    </div>
  );
}
