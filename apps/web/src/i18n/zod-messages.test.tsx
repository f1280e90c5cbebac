import { afterEach, describe, expect, test } from "vitest";
import { z } from "zod";
import { activate, loadLanguage, loadZodMessages } from "./i18n.tsx";

/** A rule with no message of its own: zod words the refusal. */
const Nickname = z.string().min(8);

function refusalOf(value: string): string | undefined {
  return Nickname.safeParse(value).error?.issues[0]?.message;
}

describe("zod's own messages (issue 29)", () => {
  afterEach(() => activate("en", "UTC"));

  test("follow the active language once loaded, and English stays zod's English", async () => {
    expect(refusalOf("abc")).toBe("Too small: expected string to have >=8 characters");

    await loadLanguage("de");
    activate("de", "UTC");
    await loadZodMessages();
    expect(refusalOf("abc")).toBe("Zu klein: erwartet, dass string >=8 Zeichen hat");

    await loadLanguage("fr");
    activate("fr", "UTC");
    await loadZodMessages();
    expect(refusalOf("abc")).toMatch(/^Trop petit/);

    activate("en", "UTC");
    expect(refusalOf("abc")).toBe("Too small: expected string to have >=8 characters");
  });

  test("leave a schema's own message alone", async () => {
    await loadLanguage("de");
    activate("de", "UTC");
    await loadZodMessages();
    expect(z.string().min(8, "Use at least 8 characters").safeParse("abc").error?.issues[0]?.message).toBe(
      "Use at least 8 characters",
    );
  });
});
