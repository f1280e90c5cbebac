import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";

/** The signed-in user's sessions, the most recently active first, this one marked. */
export const sessionsQueryOptions = queryOptions({
  queryKey: ["sessions"] as const,
  queryFn: () => dataOf(api.GET("/api/v1/sessions")),
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}

function useRevokingMutation<T, R>(mutationFn: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey }),
  });
}

/** "Sign out" one session: its next request is refused. */
export function useRevokeSession() {
  return useRevokingMutation((sessionId: string) =>
    dataOf(api.DELETE("/api/v1/sessions/{sessionId}", { params: { path: { sessionId } } })),
  );
}

/** "Sign out everywhere else": every session but this one. */
export function useRevokeOtherSessions() {
  return useRevokingMutation(() => dataOf(api.POST("/api/v1/sessions/revoke-others", { body: {} })));
}
