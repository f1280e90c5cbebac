import { Loader2Icon } from "lucide-react";
import { t } from "../i18n/i18n.tsx";
import { cn } from "../lib/cn.ts";
import { Button } from "./ui/button.tsx";

/** The part of an infinite query a "Load more" button needs. */
interface PagedList {
  readonly hasNextPage: boolean;
  readonly isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * The "Load more" button under a cursor-paged list (lists are newest first, a page at a time):
 * shown while the server has another page, spinning and disabled while it comes.
 */
export function LoadMore(props: { list: PagedList; className?: string }) {
  const { list } = props;
  if (!list.hasNextPage) {
    return null;
  }
  return (
    <div className={cn("flex justify-center", props.className)}>
      <Button variant="outline" onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
        {list.isFetchingNextPage ? <Loader2Icon className="animate-spin" /> : null}
        {t("Load more")}
      </Button>
    </div>
  );
}
