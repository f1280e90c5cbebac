import type { CreateApiCredentialRequest } from "@ferry/core/contracts/connect";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";

/** The user's connected apps; every mutation below refreshes them through this key. */
const apiCredentialsQueryKey = ["api-credentials"] as const;

export function useApiCredentials() {
  return useQuery({
    queryKey: apiCredentialsQueryKey,
    queryFn: () => dataOf(api.GET("/api/v1/api-credentials")),
  });
}

/**
 * Whether the user confirms with an authenticator app instead of an e-mailed code (decision 036): the
 * Security card and Send Money read the same key, so an enrolment there shows here.
 */
export function useConfirmsWithApp(): boolean {
  const status = useQuery({
    queryKey: ["authenticator"] as const,
    queryFn: () => dataOf(api.GET("/api/v1/auth/authenticator")),
  });
  return status.data?.isEnrolled === true;
}

/** Connects a new app; the answer holds its secret, this once. */
export function useCreateApiCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateApiCredentialRequest) => dataOf(api.POST("/api/v1/api-credentials", { body: request })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiCredentialsQueryKey }),
  });
}

/** E-mails the code that lets a new credential send money (for users without an authenticator app). */
export function useRequestApiCredentialCode() {
  return useMutation({ mutationFn: () => dataOf(api.POST("/api/v1/api-credentials/code")) });
}

/**
 * E-mails the code that lets this app (one that sends money) get a new secret; bound to the app, so a
 * code for creating one does not serve (issue 28).
 */
export function useRequestRegenerateCode(credentialId: string) {
  return useMutation({
    mutationFn: () =>
      dataOf(api.POST("/api/v1/api-credentials/{credentialId}/code", { params: { path: { credentialId } } })),
  });
}

/**
 * A new secret for the app; the old one is refused from now on. The answer holds the new secret, once.
 * An app that sends money needs a fresh second-factor `code`, as creating one does (issue 28).
 */
export function useRegenerateApiCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ credentialId, code }: { credentialId: string; code?: string }) =>
      dataOf(
        api.POST("/api/v1/api-credentials/{credentialId}/regenerate", {
          params: { path: { credentialId } },
          body: code === undefined ? {} : { code },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiCredentialsQueryKey }),
  });
}

/** Disconnects the app: its credential is revoked and its webhook endpoints stop. */
export function useDisconnectApiCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentialId: string) =>
      dataOf(api.DELETE("/api/v1/api-credentials/{credentialId}", { params: { path: { credentialId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiCredentialsQueryKey }),
  });
}
