import type { TransferDetails } from "@ferry/core/contracts/transfers";
import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api.ts";

/** E-mails the sender a code valid only for these exact details (15 minutes, 5 tries). */
export function requestTransferCode(details: TransferDetails): Promise<{ expiresAt: string }> {
  return apiFetch<{ expiresAt: string }>("/api/v1/transfers/verification-code", { method: "POST", body: details });
}

export function useRequestTransferCode() {
  return useMutation({ mutationFn: requestTransferCode });
}
