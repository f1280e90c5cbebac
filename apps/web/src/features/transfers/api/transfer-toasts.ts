import type { TransferMethod } from "@ferry/core/contracts/transfers";
import { ApiError } from "../../../lib/api-error.ts";
import { toastError, toastFailure, toastSuccess } from "../../../lib/toasts.ts";

/**
 * Spec §8: the toasts of every transfer call, Send Money's and Cashout's alike, written once.
 * A refused code, a code already used and a short balance have their own texts; anything else gets the step's own title
 * with the server's words underneath.
 */
export function toastTransferFailure(error: Error, fallback: string): void {
  if (error instanceof ApiError && error.code === "insufficient_funds") {
    toastError("Insufficient balance");
    return;
  }
  if (error instanceof ApiError && error.code === "code_already_used") {
    // A right authenticator code, already used this step (a sign-in moments ago): wait for the next one.
    toastError(error.message);
    return;
  }
  if (error instanceof ApiError && error.code === "invalid_code") {
    toastError("Invalid verification code", error.message);
    return;
  }
  toastFailure(fallback, error);
}

/**
 * Spec §8: money sent instantly to a Ferry user is "completed"; a bank or crypto transfer is
 * "sent" and waits for its network; a cash-out waits for Ferry's team to pay it out.
 */
export function toastTransferSent(method: TransferMethod, track?: () => void): void {
  // Issue 30: the transfer's page follows it step by step. Send Money's receipt links to it itself; a
  // cash-out, which has no receipt, links to it from its toast.
  const action = track && method === "withdrawal" ? { label: "Track this transfer", onClick: track } : undefined;
  if (method === "ferry_user") {
    toastSuccess("Transfer completed successfully");
    return;
  }
  if (method === "withdrawal") {
    toastSuccess("Withdrawal requested", "It is pending until our team sends it.", action);
    return;
  }
  toastSuccess("Transaction sent successfully", undefined, action);
}
