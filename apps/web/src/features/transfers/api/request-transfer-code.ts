import type { TransferDetails } from "@ferry/core/contracts/transfers";
import { useMutation } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { toastSuccess } from "../../../lib/toasts.ts";
import { toastTransferFailure } from "./transfer-toasts.ts";

/** E-mails the sender a code valid only for these exact details (15 minutes, 5 tries). */
export function requestTransferCode(details: TransferDetails) {
  return dataOf(api.POST("/api/v1/transfers/verification-code", { body: details }));
}

/** Asks for the code and says how it went (spec §8), for Send Money and Cashout alike. */
export function useRequestTransferCode() {
  return useMutation({
    mutationFn: requestTransferCode,
    onSuccess: () => toastSuccess("Verification code sent to your email"),
    onError: (error) => toastTransferFailure(error, "Failed to send verification code"),
  });
}
