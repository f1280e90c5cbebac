import { useQuery } from "@tanstack/react-query";
import { balancesQueryOptions } from "../../../lib/queries/balances.ts";

export function useBalances() {
  return useQuery(balancesQueryOptions);
}
