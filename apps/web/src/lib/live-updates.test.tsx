import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { notificationsQueryOptions } from "../features/notifications/api/notifications.ts";
import { isLiveUpdating } from "./live-state.ts";
import { useLiveUpdates } from "./live-updates.ts";
import { balancesQueryKey } from "./queries/balances.ts";
import { notificationsQueryKey } from "./queries/notifications.ts";
import { transactionsQueryKey } from "./queries/transactions.ts";

/** A stand-in for the browser's EventSource: the test opens, delivers and fails it. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static latest: FakeEventSource | undefined;
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  isClosed = false;

  constructor(readonly url: string) {
    FakeEventSource.latest = this;
  }

  close(): void {
    this.isClosed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
}

function setUp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidated: unknown[] = [];
  vi.spyOn(queryClient, "invalidateQueries").mockImplementation(async (filters) => {
    invalidated.push(filters?.queryKey ?? "everything");
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useLiveUpdates(), { wrapper });
  const source = FakeEventSource.latest as FakeEventSource;
  return { invalidated, hook, source };
}

beforeEach(() => {
  vi.stubGlobal("EventSource", FakeEventSource);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("live updates", () => {
  test("open the events stream; while it is open the covered queries stop polling", () => {
    const { source, hook } = setUp();
    expect(source.url).toBe("/api/v1/events");
    const refetchInterval = notificationsQueryOptions.refetchInterval as () => number | false;
    expect(refetchInterval()).toBeGreaterThan(0);
    act(() => source.onopen?.());
    expect(isLiveUpdating()).toBe(true);
    expect(refetchInterval()).toBe(false);
    hook.unmount();
    expect(source.isClosed).toBe(true);
    expect(isLiveUpdating()).toBe(false);
  });

  test("refresh what each event concerns, and everything on a reset", () => {
    const { source, invalidated, hook } = setUp();
    act(() => source.onopen?.());
    invalidated.length = 0;
    act(() => source.onmessage?.({ data: JSON.stringify({ type: "balance", currencies: ["USD"] }) }));
    expect(invalidated).toEqual(expect.arrayContaining([balancesQueryKey, transactionsQueryKey]));
    expect(invalidated).not.toContainEqual(notificationsQueryKey);
    invalidated.length = 0;
    act(() => source.onmessage?.({ data: JSON.stringify({ type: "notification" }) }));
    expect(invalidated).toContainEqual(notificationsQueryKey);
    expect(invalidated).toContainEqual(transactionsQueryKey);
    expect(invalidated).not.toContainEqual(balancesQueryKey);
    invalidated.length = 0;
    act(() => source.onmessage?.({ data: JSON.stringify({ type: "reset" }) }));
    expect(invalidated).toEqual(["everything"]);
    invalidated.length = 0;
    act(() => source.onmessage?.({ data: "not json" }));
    expect(invalidated).toEqual([]);
    hook.unmount();
  });

  test("a stream the server refused falls back to polling and is tried again later", () => {
    vi.useFakeTimers();
    const { source, hook } = setUp();
    act(() => source.onopen?.());
    source.readyState = FakeEventSource.CLOSED;
    act(() => source.onerror?.());
    expect(isLiveUpdating()).toBe(false);
    act(() => vi.advanceTimersByTime(30_000));
    expect(FakeEventSource.latest).not.toBe(source);
    hook.unmount();
  });
});
