import { BACKGROUND_REQUEST_HEADER, SESSION_EXPIRES_IN_HEADER } from "@ferry/core/session-headers";
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { announceSignOut, recordSessionAnswer } from "../../lib/idle-session.ts";
import { fakeApi, renderWithApp } from "../../testing/render.tsx";
import { IdleSessionWatcher } from "./idle-session-watcher.tsx";

const WARNING = "You will be signed out soon";
/** The channel the browser's tabs share (lib/idle-session.ts); a second one here is another tab. */
const TAB_CHANNEL = "ferry.session";

/** An answer of the server to a request the person caused, with the seconds the session has left. */
function answerWithSecondsLeft(seconds: number): Response {
  return new Response(null, { headers: { [SESSION_EXPIRES_IN_HEADER]: String(seconds) } });
}

function renderWatcher() {
  const onExpired = vi.fn();
  const onSignedOutElsewhere = vi.fn();
  const rendered = renderWithApp(
    <IdleSessionWatcher onExpired={onExpired} onSignedOutElsewhere={onSignedOutElsewhere} />,
  );
  return { ...rendered, onExpired, onSignedOutElsewhere };
}

/** Moves the fake clock on, running the timers that fall due and React's updates after them. */
async function passSeconds(seconds: number) {
  await act(() => vi.advanceTimersByTimeAsync(seconds * 1000));
}

let otherTab: BroadcastChannel;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  otherTab = new BroadcastChannel(TAB_CHANNEL);
});

afterEach(() => {
  otherTab.close();
  vi.useRealTimers();
});

describe("the idle session watcher", () => {
  test("warns a minute before the server's figure runs out, and Stay signed in makes a counted request", async () => {
    const seen = fakeApi({
      "GET /api/v1/me": () => ({ body: {}, headers: { [SESSION_EXPIRES_IN_HEADER]: "1800" } }),
    });
    recordSessionAnswer(answerWithSecondsLeft(120));
    const { user, onExpired } = renderWatcher();

    await passSeconds(59);
    expect(screen.queryByRole("dialog", { name: WARNING })).toBeNull();
    await passSeconds(2);
    expect(await screen.findByRole("dialog", { name: WARNING })).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Stay signed in" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: WARNING })).toBeNull());
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual(["GET /api/v1/me"]);
    expect(seen[0]?.headers[BACKGROUND_REQUEST_HEADER]).toBeUndefined();

    await passSeconds(120);
    expect(onExpired).not.toHaveBeenCalled();
  });

  test("signs out when the time runs out", async () => {
    recordSessionAnswer(answerWithSecondsLeft(120));
    const { onExpired } = renderWatcher();
    await passSeconds(119);
    expect(onExpired).not.toHaveBeenCalled();
    await passSeconds(1);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  test("never warns when the owner chose no timeout", async () => {
    recordSessionAnswer(new Response(null, { headers: { [SESSION_EXPIRES_IN_HEADER]: "never" } }));
    const { onExpired } = renderWatcher();
    await passSeconds(24 * 60 * 60);
    expect(screen.queryByRole("dialog", { name: WARNING })).toBeNull();
    expect(onExpired).not.toHaveBeenCalled();
  });
});

describe("tabs of one browser share the session's end", () => {
  test("a counted request in another tab moves this tab's deadline, closing its warning", async () => {
    recordSessionAnswer(answerWithSecondsLeft(120));
    const { onExpired } = renderWatcher();
    await passSeconds(61);
    expect(await screen.findByRole("dialog", { name: WARNING })).toBeVisible();

    otherTab.postMessage({ type: "deadline", deadlineMs: Date.now() + 15 * 60_000 });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: WARNING })).toBeNull());
    await passSeconds(120);
    expect(onExpired).not.toHaveBeenCalled();
  });

  test("this tab's counted answers and its sign-out are told to the other tabs", async () => {
    const heard: unknown[] = [];
    otherTab.addEventListener("message", (event) => heard.push(event.data));

    recordSessionAnswer(answerWithSecondsLeft(900));
    const deadlineMs = Date.now() + 900_000;
    announceSignOut("idle");

    await waitFor(() => expect(heard).toHaveLength(2));
    expect(heard).toEqual([
      { type: "deadline", deadlineMs },
      { type: "signed-out", reason: "idle" },
    ]);
  });

  test("a sign-out in another tab leaves this one, with no warning left behind", async () => {
    recordSessionAnswer(answerWithSecondsLeft(120));
    const { onSignedOutElsewhere, onExpired } = renderWatcher();
    await passSeconds(61);
    expect(await screen.findByRole("dialog", { name: WARNING })).toBeVisible();

    otherTab.postMessage({ type: "signed-out", reason: "signed-out" });
    await waitFor(() => expect(onSignedOutElsewhere).toHaveBeenCalledWith("signed-out"));
    expect(screen.queryByRole("dialog", { name: WARNING })).toBeNull();
    await passSeconds(120);
    expect(onExpired).not.toHaveBeenCalled();
  });

  test("without BroadcastChannel, the tabs talk through localStorage's storage event", async () => {
    vi.stubGlobal("BroadcastChannel", undefined);
    vi.resetModules();
    const session = await import("../../lib/idle-session.ts");
    const signedOutElsewhere = vi.fn();
    session.subscribeSignOutElsewhere(signedOutElsewhere);

    session.recordSessionAnswer(answerWithSecondsLeft(300));
    expect(JSON.parse(localStorage.getItem(TAB_CHANNEL) ?? "null")).toMatchObject({
      type: "deadline",
      deadlineMs: Date.now() + 300_000,
    });

    const fromOtherTab = (message: object) =>
      window.dispatchEvent(new StorageEvent("storage", { key: TAB_CHANNEL, newValue: JSON.stringify(message) }));
    fromOtherTab({ type: "deadline", deadlineMs: Date.now() + 3_600_000 });
    expect(session.idleDeadlineMs()).toBe(Date.now() + 3_600_000);
    fromOtherTab({ type: "signed-out", reason: "idle" });
    expect(signedOutElsewhere).toHaveBeenCalledWith("idle");
    expect(session.idleDeadlineMs()).toBeNull();
  });
});
