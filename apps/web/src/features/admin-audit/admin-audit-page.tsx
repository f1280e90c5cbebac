import { DownloadIcon, ScrollTextIcon } from "lucide-react";
import { useState } from "react";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { LoadMore } from "../../components/load-more.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { t } from "../../i18n/i18n.tsx";
import { useErrorToast } from "../../lib/toasts.ts";
import { useMediaQuery } from "../../lib/use-media-query.ts";
import { type AuditLogFilters, auditLogCsvUrl, useAuditLog } from "./api/get-audit-log.ts";
import { AuditCards, AuditTable } from "./audit-entries.tsx";
import { AuditFilters } from "./audit-filters.tsx";

function AuditList({ filters }: { filters: AuditLogFilters }) {
  const audit = useAuditLog(filters);
  const isWide = useMediaQuery("(min-width: 1024px)");
  useErrorToast(audit.error, t("Failed to load the audit log"));
  if (audit.isPending) {
    return (
      <div className="grid gap-3">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-16 w-full" />
        ))}
      </div>
    );
  }
  if (!audit.data) {
    // Not read, so not "No admin actions found" (issue 30): a failure says so where the list would be.
    return <LoadFailed message={t("This list could not be loaded right now.")} query={audit} />;
  }
  const entries = audit.data.pages.flatMap((page) => page.items);
  if (entries.length === 0) {
    return <EmptyState icon={ScrollTextIcon} title={t("No admin actions found")} hint={t("Try other filters.")} />;
  }
  return (
    <>
      {isWide ? <AuditTable entries={entries} /> : <AuditCards entries={entries} />}
      <LoadMore list={audit} className="mt-4" />
    </>
  );
}

/**
 * `/admin/audit`: every admin action (issue 26), newest first, filtered by actor, action, subject and
 * days, a page at a time; Export CSV downloads the rows the filters select.
 */
export function AdminAuditPage() {
  const [filters, setFilters] = useState<AuditLogFilters>({});
  return (
    <>
      <PageHeader
        title={t("Audit Log")}
        description={t("Every admin action: who did what, when, from where, and what it changed.")}
        actions={
          <Button asChild variant="outline">
            <a href={auditLogCsvUrl(filters)} download>
              <DownloadIcon /> {t("Export CSV")}
            </a>
          </Button>
        }
      />
      <AuditFilters onApply={setFilters} />
      <AuditList filters={filters} />
    </>
  );
}
