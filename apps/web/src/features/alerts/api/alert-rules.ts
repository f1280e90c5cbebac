import type { AlertRuleRequest } from "@ferry/core/contracts/alerts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";

/** The signed-in user's alert rules (all of them: at most 20) and which delivery methods are available. */
export const alertRulesQueryOptions = queryOptions({
  queryKey: ["alert-rules"] as const,
  queryFn: () => dataOf(api.GET("/api/v1/alert-rules")),
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
        ? dataOf(api.PUT("/api/v1/alert-rules/{alertRuleId}", { params: { path: { alertRuleId: id } }, body: request }))
        : dataOf(api.POST("/api/v1/alert-rules", { body: request })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertRulesQueryOptions.queryKey }),
  });
}

export function useDeleteAlertRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      dataOf(api.DELETE("/api/v1/alert-rules/{alertRuleId}", { params: { path: { alertRuleId: id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertRulesQueryOptions.queryKey }),
  });
}
