import type { AuditLogExportQuery } from "@ferry/core/contracts/audit";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";

const PAGE_SIZE = 50;

export const auditLogQueryKey = ["admin", "audit-log"] as const;

/** The filters as the page holds them: every one optional, empty ones left out. */
export type AuditLogFilters = AuditLogExportQuery;

/** The filters that are set, as a query string's values (for the list and the CSV link alike). */
export function setFiltersOf(filters: AuditLogFilters): AuditLogFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ""));
}

/** One page of admin actions, newest first, filtered on the server. */
export function getAuditLog(filters: AuditLogFilters, cursor: string | null) {
  const query = { ...setFiltersOf(filters), limit: PAGE_SIZE, cursor: cursor ?? undefined };
  return dataOf(api.GET("/api/v1/admin/audit-log", { params: { query } }));
}

export function auditLogQueryOptions(filters: AuditLogFilters) {
  return infiniteQueryOptions({
    queryKey: [...auditLogQueryKey, setFiltersOf(filters)] as const,
    queryFn: ({ pageParam }) => getAuditLog(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useAuditLog(filters: AuditLogFilters) {
  // The rows shown stay while new filters are answered, instead of blinking to a skeleton.
  return useInfiniteQuery({ ...auditLogQueryOptions(filters), placeholderData: keepPreviousData });
}

/** Where the browser downloads the filtered rows as CSV (a plain link: the session cookie goes with it). */
export function auditLogCsvUrl(filters: AuditLogFilters): string {
  const query = new URLSearchParams(setFiltersOf(filters) as Record<string, string>).toString();
  return query ? `/api/v1/admin/audit-log/export.csv?${query}` : "/api/v1/admin/audit-log/export.csv";
}
