import type { InvestmentOverview } from "@ferry/core/contracts/investments";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { api, dataOf } from "../../../lib/api.ts";
import { balancesQueryKey } from "../../../lib/queries/balances.ts";
import { notificationsQueryKey } from "../../../lib/queries/notifications.ts";
import { transactionsQueryKey } from "../../../lib/queries/transactions.ts";

export const investmentQueryKey = ["investment"] as const;

/** The user's investment (null before the first deposit), the rate, projections and the last 10 movements. */
export function getInvestment() {
  return dataOf(api.GET("/api/v1/investment"));
}

export const investmentQueryOptions = queryOptions({ queryKey: investmentQueryKey, queryFn: getInvestment });

export function useInvestment() {
  return useQuery(investmentQueryOptions);
}

/**
 * After an investment deposit or withdrawal: the answer is the new overview, and the wallet, its
 * history and the notifications changed with it.
 */
export function showMovement(queryClient: QueryClient, overview: InvestmentOverview): Promise<unknown> {
  queryClient.setQueryData(investmentQueryKey, overview);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: investmentQueryKey }),
    queryClient.invalidateQueries({ queryKey: balancesQueryKey }),
    queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
    queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  ]);
}
