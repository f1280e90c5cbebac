import type { KycDecisionRequest } from "@ferry/core/contracts/kyc";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { adminUsersQueryKey } from "./get-admin-users.ts";
import { userKycQueryOptions } from "./get-user-kyc.ts";

/** Approves, or rejects with a reason, the documents under review. */
export function decideUserKyc(userId: string, decision: KycDecisionRequest) {
  return dataOf(
    api.POST("/api/v1/admin/users/{userId}/kyc/decision", { params: { path: { userId } }, body: decision }),
  );
}

/** The decision; the review is the answer, and the user lists (their KYC badges) are read again. */
export function useDecideUserKyc(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: KycDecisionRequest) => decideUserKyc(userId, decision),
    onSuccess: async (review) => {
      queryClient.setQueryData(userKycQueryOptions(userId).queryKey, review);
      await queryClient.invalidateQueries({ queryKey: adminUsersQueryKey });
    },
  });
}
