import type { PasskeyRegistrationResponse } from "@ferry/core/contracts/passkeys";
import { type PublicKeyCredentialCreationOptionsJSON, startRegistration } from "@simplewebauthn/browser";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";

/** The signed-in user's passkeys, newest first (at most 20: one list). */
export const passkeysQueryOptions = queryOptions({
  queryKey: ["passkeys"] as const,
  queryFn: () => dataOf(api.GET("/api/v1/passkeys")),
});

export function usePasskeys() {
  return useQuery(passkeysQueryOptions);
}

/**
 * Adds a passkey: the server's options (on the current password), the browser's ceremony (the person
 * confirms with their PIN, fingerprint or face), then the answer saved under `name`.
 */
async function addPasskey({ name, password }: { name: string; password: string }) {
  const options = await dataOf(api.POST("/api/v1/passkeys/registration-options", { body: { password } }));
  const response = await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
  return dataOf(api.POST("/api/v1/passkeys", { body: { name, response: response as PasskeyRegistrationResponse } }));
}

function useInvalidatingMutation<T, R>(mutationFn: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryOptions.queryKey }),
  });
}

export function useAddPasskey() {
  return useInvalidatingMutation(addPasskey);
}

export function useRenamePasskey() {
  return useInvalidatingMutation(({ id, name }: { id: string; name: string }) =>
    dataOf(api.PATCH("/api/v1/passkeys/{passkeyId}", { params: { path: { passkeyId: id } }, body: { name } })),
  );
}

export function useRemovePasskey() {
  return useInvalidatingMutation((id: string) =>
    dataOf(api.DELETE("/api/v1/passkeys/{passkeyId}", { params: { path: { passkeyId: id } } })),
  );
}
