import { describe, expect, it } from "vitest";
import { canonicalPathOfAlias, PRERENDERED_PAGES, PRERENDERED_PATHS, prerenderedFileOf } from "./public-pages.ts";
import { isWebRoutePath, localizedRouteOf, webRouteOf } from "./web-routes.ts";

// Decision 047: the marketing pages under a language prefix; the app and the sign-in pages keep their paths.
describe("public pages in five languages", () => {
  it("matches a marketing page under each language's prefix, with the language its path names", () => {
    expect(localizedRouteOf("/de/rates")).toEqual({ route: webRouteOf("/rates"), language: "de" });
    expect(localizedRouteOf("/zh/")?.route.path).toBe("/");
    expect(localizedRouteOf("/zh")?.language).toBe("zh");
    expect(localizedRouteOf("/FR/Use-Cases/Family/")).toEqual({
      route: webRouteOf("/use-cases/family"),
      language: "fr",
    });
    expect(localizedRouteOf("/rates")?.language).toBe("en");
  });

  it("keeps the app's pages, the sign-in pages and the e-mail links' pages at one path", () => {
    expect(isWebRoutePath("/de/login")).toBe(false);
    expect(isWebRoutePath("/de/dashboard")).toBe(false);
    expect(isWebRoutePath("/es/verify-email")).toBe(false);
    expect(isWebRoutePath("/de/admin/users/abc")).toBe(false);
    // English has no prefix of its own, and an unknown language is no prefix.
    expect(isWebRoutePath("/en/rates")).toBe(false);
    expect(isWebRoutePath("/it/rates")).toBe(false);
  });

  it("sends an alias to its page in the alias's language", () => {
    expect(canonicalPathOfAlias("/fast")).toBe("/features/fast");
    expect(canonicalPathOfAlias("/de/fast")).toBe("/de/features/fast");
    expect(canonicalPathOfAlias("/de/rates")).toBeUndefined();
  });

  it("pre-renders every page once per language, a sign-in page at its one path", () => {
    expect(PRERENDERED_PAGES).toHaveLength(PRERENDERED_PATHS.length * 5);
    expect(PRERENDERED_PAGES).toContainEqual({ path: "/", language: "de", location: "/de/", key: "/de/" });
    expect(PRERENDERED_PAGES).toContainEqual({
      path: "/rates",
      language: "zh",
      location: "/zh/rates",
      key: "/zh/rates",
    });
    expect(PRERENDERED_PAGES).toContainEqual({ path: "/login", language: "fr", location: "/login", key: "/fr/login" });
    expect(PRERENDERED_PAGES).toContainEqual({ path: "/login", language: "en", location: "/login", key: "/login" });
  });

  it("writes each language's page to a file of its own", () => {
    expect(prerenderedFileOf("/")).toBe("index.html");
    expect(prerenderedFileOf("/de/")).toBe("de/index.html");
    expect(prerenderedFileOf("/de/rates")).toBe("de/rates.html");
    expect(prerenderedFileOf("/fr/login")).toBe("fr/login.html");
  });
});
