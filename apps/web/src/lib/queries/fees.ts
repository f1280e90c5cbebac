import { queryOptions } from "@tanstack/react-query";
import { api, dataOf } from "../api.ts";

/** The configured transfer fees and investment rate (public): the /tools calculators price with them. */
export const feeScheduleQueryKey = ["fees"] as const;

export function getFeeSchedule() {
  return dataOf(api.GET("/api/v1/fees"));
}

// Settings change only when the server restarts: an hour is fresh enough.
export const feeScheduleQueryOptions = queryOptions({
  queryKey: feeScheduleQueryKey,
  queryFn: getFeeSchedule,
  staleTime: 60 * 60_000,
});
