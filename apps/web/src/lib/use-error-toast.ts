import { useEffect } from "react";
import { toast } from "sonner";
import { messageOf } from "./api.ts";

/**
 * Shows the spec's load-failure toast (§8) once per failure of a query, with the server's words
 * underneath. The toast id is the message, so several components reading one query toast once.
 */
export function useErrorToast(error: unknown, message: string): void {
  useEffect(() => {
    if (error) {
      toast.error(message, { id: message, description: messageOf(error, "") || undefined });
    }
  }, [error, message]);
}
