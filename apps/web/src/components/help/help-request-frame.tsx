import type { HelpRequestDetail } from "@ferry/core/contracts/help";
import type { UseQueryResult } from "@tanstack/react-query";
import { ArrowLeftIcon, SearchXIcon } from "lucide-react";
import type * as React from "react";
import { t } from "../../i18n/i18n.tsx";
import { ApiError } from "../../lib/api-error.ts";
import { useErrorToast } from "../../lib/toasts.ts";
import { EmptyState } from "../empty-state.tsx";
import { Button } from "../ui/button.tsx";
import { Skeleton } from "../ui/skeleton.tsx";

/**
 * One help request as both sides open it: a Back button, a skeleton while it loads, 'Help request not
 * found' for an id that is not there (or not the viewer's), the spec's 'Failed to load responses'
 * toast for anything else, and the request itself once it has come.
 */
export function HelpRequestFrame(props: {
  query: UseQueryResult<HelpRequestDetail>;
  onBack?: () => void;
  /** What to do about a missing request, said under 'Help request not found'. */
  missingHint: string;
  children: (request: HelpRequestDetail) => React.ReactNode;
}) {
  const { query } = props;
  const isMissing = query.error instanceof ApiError && [400, 404].includes(query.error.status);
  useErrorToast(isMissing ? null : query.error, "Failed to load responses");
  const back = props.onBack ? (
    <Button variant="ghost" size="sm" className="-ml-2 mb-3" onClick={props.onBack}>
      <ArrowLeftIcon /> {t("Back")}
    </Button>
  ) : null;
  let content: React.ReactNode;
  if (query.isPending) {
    content = <Skeleton className="h-80" />;
  } else if (!query.data) {
    content = (
      <EmptyState
        icon={SearchXIcon}
        title={isMissing ? t("Help request not found") : t("This request could not be loaded")}
        hint={isMissing ? props.missingHint : t("Try again in a moment.")}
      />
    );
  } else {
    content = props.children(query.data);
  }
  return (
    <div>
      {back}
      {content}
    </div>
  );
}
