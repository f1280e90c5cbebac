import type { AuditEntry } from "@ferry/core/contracts/audit";
import type { ComponentType } from "react";
import { useId } from "react";
import { LoadMore } from "../../components/load-more.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { t } from "../../i18n/i18n.tsx";
import { useErrorToast } from "../../lib/toasts.ts";
import { useMediaQuery } from "../../lib/use-media-query.ts";
import { useUserAuditHistory } from "./api/get-user-audit-history.ts";

/** How audit rows are drawn: the audit log's own table and cards, passed in by the app (app/routes.tsx). */
export interface AuditEntryViews {
  readonly Table: ComponentType<{ entries: AuditEntry[] }>;
  readonly Cards: ComponentType<{ entries: AuditEntry[] }>;
}

/** The user's audit history: every admin action on them, newest first, drawn as the audit log draws it. */
export function UserAuditHistory(props: { userId: string; views: AuditEntryViews }) {
  const history = useUserAuditHistory(props.userId);
  const isWide = useMediaQuery("(min-width: 1024px)");
  const headingId = useId();
  useErrorToast(history.error, t("Failed to load the audit history"));
  const entries = history.data?.pages.flatMap((page) => page.items) ?? [];
  const { Table, Cards } = props.views;
  let body = <Skeleton className="h-24" />;
  if (!history.isPending) {
    body =
      entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("No admin actions on this user yet.")}</p>
      ) : (
        <>
          {isWide ? <Table entries={entries} /> : <Cards entries={entries} />}
          <LoadMore list={history} className="mt-3" />
        </>
      );
  }
  return (
    <section aria-labelledby={headingId} className="grid gap-3 lg:col-span-2">
      <h2 id={headingId} className="text-lg font-semibold">
        {t("Audit history")}
      </h2>
      {body}
    </section>
  );
}
