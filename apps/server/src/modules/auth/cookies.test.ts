import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readCookie, signCookieValue, verifySignedValue } from "./cookies.ts";

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

describe("reading a cookie", () => {
  it("finds the cookie named exactly, the first one winning", () => {
    const header = "other=1; ferry.session_token=abc.def; ferry.session_token=second";
    expect(readCookie(header, "ferry.session_token")).toBe("abc.def");
    expect(readCookie(header, "session_token")).toBeUndefined();
    expect(readCookie(undefined, "ferry.session_token")).toBeUndefined();
  });

  it("unquotes, and decodes what is escaped, keeping a malformed escape as sent", () => {
    expect(readCookie('a="quoted value"', "a")).toBe("quoted value");
    expect(readCookie("a=x%2By%3D%3D", "a")).toBe("x+y==");
    expect(readCookie("a=100%", "a")).toBe("100%");
    expect(readCookie("a=plain+text", "a")).toBe("plain+text");
  });

  it("reads any header as splitting it into trimmed pairs would", () => {
    const bySplitting = (header: string, name: string) => {
      for (const pair of header.split(";")) {
        const separator = pair.indexOf("=");
        if (separator >= 0 && pair.slice(0, separator).trim() === name) {
          const value = pair.slice(separator + 1).trim();
          const unquoted =
            value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
          try {
            return decodeURIComponent(unquoted);
          } catch {
            return unquoted;
          }
        }
      }
      return undefined;
    };
    const piece = fc.constantFrom("a", "ab", "b", "=", ";", " ", "\t", '"', "%41", "%", "x");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const header = pieces.join("");
        for (const name of ["a", "ab", "b"]) {
          expect(readCookie(header, name), `${JSON.stringify(header)} ${name}`).toBe(bySplitting(header, name));
        }
      }),
      { numRuns: 2000 },
    );
  });
});
