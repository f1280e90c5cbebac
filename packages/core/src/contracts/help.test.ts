import { describe, expect, test } from "vitest";
import { HELP_MESSAGES, helpRequestDueAt, NewHelpReply, NewHelpRequest } from "./help.ts";

function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
}

describe("the New Request form (spec §5)", () => {
  test("requires a subject and a message of at least 10 characters, and defaults to medium", () => {
    expect(messagesOf(NewHelpRequest.safeParse({ subject: "  ", message: "too short" }))).toEqual({
      subject: HELP_MESSAGES.subjectRequired,
      message: HELP_MESSAGES.messageTooShort,
    });
    expect(NewHelpRequest.parse({ subject: " Card ", message: "My card was declined twice." })).toEqual({
      subject: "Card",
      message: "My card was declined twice.",
      priority: "medium",
      attachmentIds: [],
    });
  });

  test("keeps line breaks in a message but refuses other control characters", () => {
    expect(NewHelpRequest.safeParse({ subject: "Card", message: "Line one\nline two" }).success).toBe(true);
    expect(NewHelpRequest.safeParse({ subject: "Card", message: "Line one\u0000line two" }).success).toBe(false);
  });

  test("refuses an empty reply after trimming", () => {
    expect(messagesOf(NewHelpReply.safeParse({ message: "   " }))).toEqual({ message: HELP_MESSAGES.replyRequired });
  });
});

describe("response targets (spec §9)", () => {
  test("an urgent request is due in 1 hour, high 4, medium 24, low 48", () => {
    const opened = new Date("2026-11-23T10:00:00.000Z");
    expect(helpRequestDueAt(opened, "urgent").toISOString()).toBe("2026-11-23T11:00:00.000Z");
    expect(helpRequestDueAt(opened, "high").toISOString()).toBe("2026-11-23T14:00:00.000Z");
    expect(helpRequestDueAt(opened, "medium").toISOString()).toBe("2026-11-24T10:00:00.000Z");
    expect(helpRequestDueAt(opened, "low").toISOString()).toBe("2026-11-25T10:00:00.000Z");
  });
});
