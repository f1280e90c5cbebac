import { describe, expect, it } from "vitest";
import { negotiateLanguage, pathInLanguage, splitLanguagePath } from "./languages.ts";

describe("negotiateLanguage", () => {
  it("takes the first of Ferry's languages by q-value", () => {
    expect(negotiateLanguage("de-DE,de;q=0.9,en;q=0.8")).toBe("de");
    expect(negotiateLanguage("pt-BR, fr;q=0.5, es;q=0.7")).toBe("es");
    expect(negotiateLanguage("zh-Hans-CN")).toBe("zh");
  });

  it("falls back to English for none of them, nothing, or a refused one", () => {
    expect(negotiateLanguage("pt-BR,ja;q=0.9")).toBe("en");
    expect(negotiateLanguage("")).toBe("en");
    expect(negotiateLanguage(undefined)).toBe("en");
    expect(negotiateLanguage("fr;q=0, it")).toBe("en");
  });
});

describe("public paths", () => {
  it("reads and writes the language prefix; English has none", () => {
    expect(splitLanguagePath("/de/rates")).toEqual({ language: "de", path: "/rates" });
    expect(splitLanguagePath("/zh/")).toEqual({ language: "zh", path: "/" });
    expect(splitLanguagePath("/zh")).toEqual({ language: "zh", path: "/" });
    expect(splitLanguagePath("/rates")).toEqual({ language: "en", path: "/rates" });
    expect(splitLanguagePath("/en/rates")).toEqual({ language: "en", path: "/en/rates" });
    expect(splitLanguagePath("/design")).toEqual({ language: "en", path: "/design" });
    expect(pathInLanguage("/", "fr")).toBe("/fr/");
    expect(pathInLanguage("/rates", "es")).toBe("/es/rates");
    expect(pathInLanguage("/rates", "en")).toBe("/rates");
  });
});
