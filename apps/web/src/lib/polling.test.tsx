import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { BACKGROUND_REQUEST_HEADER } from "@ferry/core/session-headers";
import { InfiniteQueryObserver, QueryClient } from "@tanstack/react-query";
import { describe, expect, test } from "vitest";
import { myHelpRequestsQueryOptions } from "../features/help/api/get-help-requests.ts";
import { notificationsQueryOptions } from "../features/notifications/api/notifications.ts";
import { fakeApi } from "../testing/render.tsx";

/*
 * Decision 038: a query refetched on a timer must not count as the person's activity, or a page left
 * open never times out. Every polled query goes through `polled` (lib/polling.ts), which sends the
 * background header on the timer's requests.
 */

const WEB_SOURCE = join(import.meta.dirname, "..");
const POLLING_MODULE = "lib/polling.ts";

/** Every source file of the web app (not its tests), as a path relative to apps/web/src. */
function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      return sourceFiles(path);
    }
    const isSource = /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name);
    return isSource ? [relative(WEB_SOURCE, path)] : [];
  });
}

function client(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

const EMPTY_PAGE = { items: [], nextCursor: null, total: 0 };

describe("polled queries", () => {
  test("set their refetchInterval only through polled(), which sends the background header", () => {
    const files = sourceFiles(WEB_SOURCE);
    expect(files).toContain(POLLING_MODULE);
    const pollingElsewhere = files.filter(
      (file) => file !== POLLING_MODULE && readFileSync(join(WEB_SOURCE, file), "utf8").includes("refetchInterval"),
    );
    expect(pollingElsewhere).toEqual([]);
  });

  test("the first load is the person's; the timer's refetch is background", async () => {
    const seen = fakeApi({ "GET /api/v1/notifications": () => ({ body: { items: [], unreadCount: 0 } }) });
    const queryClient = client();
    await queryClient.fetchQuery(notificationsQueryOptions);
    await queryClient.refetchQueries({ queryKey: notificationsQueryOptions.queryKey });
    expect(seen.map((request) => request.headers[BACKGROUND_REQUEST_HEADER])).toEqual([undefined, "1"]);
  });

  test("an infinite list's next page is the person's; refetching its pages is background", async () => {
    // Two pages: the first names the second.
    const seen = fakeApi({
      "GET /api/v1/help-requests": (request) => ({
        body: { ...EMPTY_PAGE, nextCursor: request.query.cursor ? null : "next" },
      }),
    });
    const queryClient = client();
    await queryClient.fetchInfiniteQuery(myHelpRequestsQueryOptions);
    await new InfiniteQueryObserver(queryClient, myHelpRequestsQueryOptions).fetchNextPage();
    await queryClient.refetchQueries({ queryKey: myHelpRequestsQueryOptions.queryKey });
    expect(seen.map((request) => [request.query.cursor, request.headers[BACKGROUND_REQUEST_HEADER]])).toEqual([
      [undefined, undefined],
      ["next", undefined],
      [undefined, "1"],
      ["next", "1"],
    ]);
  });
});
