import { hashPassword as hashLikeBetterAuth } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { DEFAULT_SCRYPT_COST, passwordHashing } from "./password-hashing.ts";

describe("password hashing", () => {
  it("at the default cost writes Better Auth's own format, which Better Auth's hashes share", async () => {
    const hashing = passwordHashing(DEFAULT_SCRYPT_COST);
    const hash = await hashing.hash("Harbour#2026");

    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await hashing.verify({ hash, password: "Harbour#2026" })).toBe(true);
    expect(await hashing.verify({ hash, password: "Harbour#2027" })).toBe(false);
    const betterAuthHash = await hashLikeBetterAuth("Harbour#2026");
    expect(await hashing.verify({ hash: betterAuthHash, password: "Harbour#2026" })).toBe(true);
  });

  it("at another cost names it in the hash, so a server at any setting verifies it", async () => {
    const cheap = passwordHashing(1024);
    const hash = await cheap.hash("Harbour#2026");

    expect(hash).toMatch(/^scrypt\$1024\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
    const atDefault = passwordHashing(DEFAULT_SCRYPT_COST);
    expect(await atDefault.verify({ hash, password: "Harbour#2026" })).toBe(true);
    expect(await atDefault.verify({ hash, password: "harbour#2026" })).toBe(false);
    // A hash made at the default cost still verifies on a server set to a lower one.
    expect(await cheap.verify({ hash: await atDefault.hash("Quay#2026"), password: "Quay#2026" })).toBe(true);
  });

  it("salts every hash: the same password twice gives two hashes", async () => {
    const hashing = passwordHashing(1024);
    expect(await hashing.hash("Harbour#2026")).not.toBe(await hashing.hash("Harbour#2026"));
  });
});
