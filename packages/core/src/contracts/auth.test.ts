import { describe, expect, test } from "vitest";
import { MESSAGES } from "../messages.ts";
import { isValidPassword, OneTimeCode, PASSWORD_RULES, SignInRequest, SignUpRequest } from "./auth.ts";

describe("isValidPassword (spec §5)", () => {
  test.each([
    ["Abcdefg1", "exactly 8 characters with upper, lower and a digit"],
    ["Abcdefg!", "a symbol instead of a digit"],
    ["Ferry#Test2026", "every kind of character"],
    [`Aa1${"a".repeat(125)}`, "the 128-character maximum"],
  ])("accepts %j: %s", (password) => {
    expect(isValidPassword(password)).toBe(true);
  });

  test.each([
    ["Abcde1!", "only 7 characters"],
    ["", "nothing"],
    ["abcdefg1", "no uppercase letter"],
    ["ABCDEFG1", "no lowercase letter"],
    ["Abcdefgh", "no digit or symbol"],
    ["Abcdefg-", "a symbol outside ! @ # $ % ^ & *"],
    [`Aa1${"a".repeat(126)}`, "129 characters, over the hashing bound"],
  ])("refuses %j: %s", (password) => {
    expect(isValidPassword(password)).toBe(false);
  });

  test.each([..."!@#$%^&*"])("counts %s as the symbol", (symbol) => {
    expect(isValidPassword(`Abcdefg${symbol}`)).toBe(true);
  });
});

describe("PASSWORD_RULES (the sign-up checklist)", () => {
  test("names each check of the rule in the spec's words", () => {
    expect(PASSWORD_RULES.map((rule) => rule.label)).toEqual([
      "At least 8 characters",
      "1 uppercase letter",
      "1 lowercase letter",
      "1 number or symbol (!@#$%^&*)",
    ]);
  });

  test.each([
    ["Abcdefg1", [true, true, true, true]],
    ["abcdefg1", [true, false, true, true]],
    ["ABCDEFG!", [true, true, false, true]],
    ["Abc1", [false, true, true, true]],
    ["Abcdefg-", [true, true, true, false]],
  ])("ticks off what %j meets, and the validator accepts it only when all are met", (password, met) => {
    expect(PASSWORD_RULES.map((rule) => rule.test(password))).toEqual(met);
    expect(isValidPassword(password)).toBe(met.every(Boolean));
  });
});

describe("auth request contracts", () => {
  test("an over-long e-mail or password is named as too long, not as missing", () => {
    const email = `${"a".repeat(250)}@example.com`;
    const result = SignInRequest.safeParse({ email, password: "x".repeat(129) });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error?.issues.map((issue) => [issue.path[0], issue.message]) ?? []);
    expect(messages).toEqual({ email: MESSAGES.emailTooLong, password: MESSAGES.passwordTooLong });
  });

  test("sign-up trims and lower-cases the e-mail", () => {
    const parsed = SignUpRequest.parse({ email: "  Ada@Example.COM ", password: "Ferry#Test2026" });

    expect(parsed.email).toBe("ada@example.com");
  });

  test("sign-up reports a weak password with the spec's message", () => {
    const result = SignUpRequest.safeParse({ email: "ada@example.com", password: "weakpassword" });

    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["password", MESSAGES.invalidPassword],
    ]);
  });

  test("sign-in does not re-check the password rule, only that one was given", () => {
    expect(SignInRequest.safeParse({ email: "ada@example.com", password: "old", rememberMe: false }).success).toBe(
      true,
    );
    const empty = SignInRequest.safeParse({ email: "ada@example.com", password: "", rememberMe: false });
    expect(empty.error?.issues[0].message).toBe(MESSAGES.passwordRequired);
  });

  test.each([
    ["123456", true],
    ["012345", true],
    ["12345", false],
    ["1234567", false],
    ["12345a", false],
    [" 123456", false],
  ])("a one-time code %j is %s", (code, isValid) => {
    expect(OneTimeCode.safeParse(code).success).toBe(isValid);
  });
});
