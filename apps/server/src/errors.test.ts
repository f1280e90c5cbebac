import { describe, expect, test } from "vitest";
import { isDatabaseUnavailableError } from "./errors.ts";

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe("isDatabaseUnavailableError", () => {
  test("recognises refused and cut connections, shutdowns and start-ups", () => {
    const unavailable = [
      withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
      withCode("read ECONNRESET", "ECONNRESET"),
      Object.assign(withCode("connect ENOENT /data/postgres/.s.PGSQL.5432", "ENOENT"), { syscall: "connect" }),
      withCode("terminating connection due to administrator command", "57P01"),
      withCode("terminating connection due to crash of another server process", "57P02"),
      withCode("the database system is starting up", "57P03"),
      withCode("sorry, too many clients already", "53300"),
      withCode("connection failure", "08006"),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
      new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], "connect failed"),
      // Better Auth wraps the driver's error in its own, with the original as `cause`.
      new Error("Failed to get session", { cause: withCode("terminating connection", "57P01") }),
    ];
    for (const error of unavailable) {
      expect(isDatabaseUnavailableError(error), error.message).toBe(true);
    }
  });

  test("leaves faults of the request or the code alone", () => {
    const others = [
      withCode('new row for relation "accounts" violates check constraint', "23514"),
      withCode("invalid byte sequence for encoding UTF8: 0x00", "22021"),
      withCode("duplicate key value violates unique constraint", "23505"),
      Object.assign(withCode("ENOENT: no such file or directory, open 'dist/index.html'", "ENOENT"), {
        syscall: "open",
      }),
      new TypeError("Cannot read properties of undefined"),
      undefined,
      "Connection terminated",
    ];
    for (const error of others) {
      expect(isDatabaseUnavailableError(error), String(error)).toBe(false);
    }
  });

  test("stops walking a cause chain that loops", () => {
    const first = new Error("first");
    const second = new Error("second", { cause: first });
    Object.assign(first, { cause: second });
    expect(isDatabaseUnavailableError(first)).toBe(false);
  });
});
