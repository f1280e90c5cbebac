import { useQuery } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";

/**
 * Whether the sender confirms transfers with an authenticator app instead of an e-mailed code
 * (decision 036). The Security card reads the same query key, so a change there shows here.
 */
export function useConfirmsWithApp(): boolean {
  const status = useQuery({
    queryKey: ["authenticator"] as const,
    queryFn: () => dataOf(api.GET("/api/v1/auth/authenticator")),
  });
  return status.data?.isEnrolled === true;
}
