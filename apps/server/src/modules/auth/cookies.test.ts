import { describe, expect, it } from "vitest";
import { signCookieValue, verifySignedValue } from "./cookies.ts";

describe("signed cookie values", () => {
  it("verify their own signature, again and again", () => {
    const signed = signCookieValue("token-1", "secret-a");
    expect(verifySignedValue(signed, "secret-a")).toBe("token-1");
    expect(verifySignedValue(signed, "secret-a")).toBe("token-1");
  });

  it("stay refused when tampered with, after the genuine value was verified", () => {
    const signed = signCookieValue("token-2", "secret-a");
    expect(verifySignedValue(signed, "secret-a")).toBe("token-2");
    const otherValue = `token-3${signed.slice(signed.lastIndexOf("."))}`;
    expect(verifySignedValue(otherValue, "secret-a")).toBeUndefined();
    const lastCharacter = signed.at(-2) === "A" ? "B" : "A";
    const otherSignature = `${signed.slice(0, -2)}${lastCharacter}=`;
    expect(verifySignedValue(otherSignature, "secret-a")).toBeUndefined();
  });

  it("are refused under another secret, after being verified under theirs", () => {
    const signed = signCookieValue("token-4", "secret-a");
    expect(verifySignedValue(signed, "secret-a")).toBe("token-4");
    expect(verifySignedValue(signed, "secret-b")).toBeUndefined();
    expect(verifySignedValue("no-signature", "secret-a")).toBeUndefined();
  });
});
