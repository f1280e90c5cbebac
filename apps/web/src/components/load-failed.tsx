import { RotateCwIcon, TriangleAlertIcon } from "lucide-react";
import { t } from "../i18n/i18n.tsx";
import { cn } from "../lib/cn.ts";
import { Button } from "./ui/button.tsx";

/** What LoadFailed needs of a query: whether it is fetching again, and how to. */
interface RetryableQuery {
  readonly isFetching: boolean;
  refetch(): unknown;
}

/**
 * Where data that could not be read would be (issue 30): says so, with Retry, instead of a zero balance
 * or an empty list nobody read. Loading, failed and empty are three different states on every screen
 * that reads money or lists; this is the failed one. The spec's error toast still appears beside it.
 */
export function LoadFailed({
  message,
  query,
  className,
}: {
  message: string;
  query: RetryableQuery;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn(
        "flex flex-wrap items-center gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm",
        className,
      )}
      data-testid="load-failed"
    >
      <TriangleAlertIcon aria-hidden="true" className="size-5 shrink-0 text-destructive" />
      <p className="min-w-0 flex-1 font-medium text-foreground">{message}</p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => void query.refetch()}
        aria-disabled={query.isFetching || undefined}
      >
        <RotateCwIcon aria-hidden="true" className={cn(query.isFetching && "animate-spin")} />
        {t("Retry")}
      </Button>
    </div>
  );
}
