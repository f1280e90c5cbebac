import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";

/** Whether an authenticator app is set up, and how many backup codes remain. */
const authenticatorQueryOptions = queryOptions({
  queryKey: ["authenticator"] as const,
  queryFn: () => dataOf(api.GET("/api/v1/auth/authenticator")),
});

export function useAuthenticator() {
  return useQuery(authenticatorQueryOptions);
}

/** Starts set-up with the current password: a new secret, as the QR code's URI and as text. */
export function useStartAuthenticator() {
  return useMutation({
    mutationFn: (password: string) => dataOf(api.POST("/api/v1/auth/authenticator", { body: { password } })),
  });
}

function useRefreshingMutation<T, R>(mutationFn: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authenticatorQueryOptions.queryKey }),
  });
}

/** Confirms set-up with a code from the app; answers the ten backup codes, the only time they are shown. */
export function useConfirmAuthenticator() {
  return useRefreshingMutation((code: string) =>
    dataOf(api.POST("/api/v1/auth/authenticator/confirm", { body: { code } })),
  );
}

/** Removes the app with a current code from it or a backup code: sign-in goes back to the e-mailed code. */
export function useRemoveAuthenticator() {
  return useRefreshingMutation((code: string) =>
    dataOf(api.POST("/api/v1/auth/authenticator/remove", { body: { code } })),
  );
}
