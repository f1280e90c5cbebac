import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { queryClient } from "../lib/query-client.ts";

/**
 * The app's query client for the pages under it: routes.tsx puts every lazily loaded page under it, so
 * the query library arrives with the first page that reads data, not with a public page's first script.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
