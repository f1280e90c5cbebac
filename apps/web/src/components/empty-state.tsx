import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { Card, CardContent } from "./ui/card.tsx";

/** What a list shows when it has nothing: an icon, the spec's empty text, a hint and an optional action. */
export function EmptyState(props: { icon: LucideIcon; title: string; hint: string; action?: React.ReactNode }) {
  const Icon = props.icon;
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
          <Icon className="size-6" />
        </span>
        <p className="font-medium">{props.title}</p>
        <p className="max-w-sm text-sm text-muted-foreground">{props.hint}</p>
        {props.action}
      </CardContent>
    </Card>
  );
}
