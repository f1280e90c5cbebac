import { toast } from "sonner";
import { ApiError } from "../../../lib/api.ts";

/**
 * Spec §8: the failure toast of a send-money call. A refused code and a short balance have their
 * own texts; anything else gets the step's own title with the server's words underneath.
 */
export function toastTransferFailure(error: Error, fallback: string): void {
  if (error instanceof ApiError && error.code === "insufficient_funds") {
    toast.error("Insufficient balance");
    return;
  }
  if (error instanceof ApiError && error.code === "invalid_code") {
    toast.error("Invalid verification code", { description: error.message });
    return;
  }
  toast.error(fallback, { description: error.message || undefined });
}
