import type { ProfileUpdateRequest } from "@ferry/core/contracts/profile";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { meQueryKey } from "../../../lib/queries/session.ts";

export function updateProfile(request: ProfileUpdateRequest) {
  return dataOf(api.PUT("/api/v1/me/profile", { body: request }));
}

/** Saves the personal-information form and refreshes the session's profile with the answer. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(meQueryKey, profile),
  });
}
