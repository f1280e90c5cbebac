import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, dataOf, formDataOf } from "../../../lib/api.ts";
import { meQueryKey } from "../../../lib/queries/session.ts";
import { kycQueryKey } from "./get-kyc.ts";

/** Uploads one document (`POST /api/v1/kyc-documents`); the server reads its type from the bytes. */
function uploadKycDocument(file: File) {
  return dataOf(api.POST("/api/v1/kyc-documents", { body: { file }, bodySerializer: () => formDataOf({ file }) }));
}

/** The two files the customer chose. */
export interface KycFiles {
  readonly governmentId: File;
  readonly proofOfAddress: File;
}

/** Uploads both documents, then submits them together for review. */
export async function submitKyc(files: KycFiles) {
  const governmentId = await uploadKycDocument(files.governmentId);
  const proofOfAddress = await uploadKycDocument(files.proofOfAddress);
  return dataOf(
    api.POST("/api/v1/me/kyc/submissions", {
      body: { governmentIdDocumentId: governmentId.id, proofOfAddressDocumentId: proofOfAddress.id },
    }),
  );
}

/** Submits the documents; the answer is the new overview, and the profile's KYC badge is read again. */
export function useSubmitKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitKyc,
    onSuccess: async (overview) => {
      queryClient.setQueryData(kycQueryKey, overview);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
