import { describe, expect, it } from "vitest";
import { isWebRoutePath, WEB_ROUTES, webRouteOf } from "./web-routes.ts";

describe("web routes", () => {
  it("lists each path once", () => {
    const paths = WEB_ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("points every alias at a canonical public page", () => {
    for (const route of WEB_ROUTES) {
      if ("aliasOf" in route) {
        const canonical = webRouteOf(route.aliasOf);
        expect(canonical?.access, route.path).toBe("public");
        expect(canonical?.aliasOf, route.path).toBeUndefined();
      }
    }
  });

  it("matches a path as the router does: any case, with or without a trailing slash", () => {
    expect(webRouteOf("/Dashboard/")?.path).toBe("/dashboard");
    expect(isWebRoutePath("/")).toBe(true);
    expect(isWebRoutePath("//")).toBe(true);
    expect(isWebRoutePath("/use-cases/family")).toBe(true);
  });

  it("knows no other path", () => {
    expect(isWebRoutePath("/dashboard/extra")).toBe(false);
    expect(isWebRoutePath("/assets/index.js")).toBe(false);
    expect(isWebRoutePath("/api/v1/balances")).toBe(false);
  });
});
