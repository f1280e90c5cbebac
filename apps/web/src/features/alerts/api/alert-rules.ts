import type { AlertRule, AlertRuleList, AlertRuleRequest } from "@ferry/core/contracts/alerts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api.ts";

/** The signed-in user's alert rules (all of them: at most 20) and which delivery methods are available. */
export const alertRulesQueryOptions = queryOptions({
  queryKey: ["alert-rules"] as const,
  queryFn: () => apiFetch<AlertRuleList>("/api/v1/alert-rules"),
});

/** Only for a signed-in user: a visitor has no rules to read. */
export function useAlertRules() {
  return useQuery(alertRulesQueryOptions);
}

/** Creates a rule, or replaces one when `id` is given. */
export function useSaveAlertRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id?: string; request: AlertRuleRequest }) =>
      id
        ? apiFetch<AlertRule>(`/api/v1/alert-rules/${id}`, { method: "PUT", body: request })
        : apiFetch<AlertRule>("/api/v1/alert-rules", { method: "POST", body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertRulesQueryOptions.queryKey }),
  });
}

export function useDeleteAlertRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<null>(`/api/v1/alert-rules/${id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertRulesQueryOptions.queryKey }),
  });
}
