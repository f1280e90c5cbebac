import type { Profile, ProfileUpdateRequest } from "@ferry/core/contracts/profile";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api.ts";
import { meQueryKey } from "../../../lib/queries/session.ts";

export function updateProfile(request: ProfileUpdateRequest): Promise<Profile> {
  return apiFetch<Profile>("/api/v1/me/profile", { method: "PUT", body: request });
}

/** Saves the personal-information form and refreshes the session's profile with the answer. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(meQueryKey, profile),
  });
}
