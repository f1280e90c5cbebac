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

  it("matches a path with a parameter by its segments, the parameter any one segment", () => {
    expect(webRouteOf("/admin/users/Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z")?.path).toBe("/admin/users/:userId");
    expect(webRouteOf("/admin/users/0b0c7c5e-4f3a-4d2b-9e1f-8a7b6c5d4e3f/")?.path).toBe("/admin/users/:userId");
    expect(webRouteOf("/admin/users")?.path).toBe("/admin/users");
    expect(isWebRoutePath("/admin/users/some-user/extra")).toBe(false);
    expect(isWebRoutePath("/admin/other/some-user")).toBe(false);
  });

  it("knows no other path", () => {
    expect(isWebRoutePath("/dashboard/extra")).toBe(false);
    expect(isWebRoutePath("/assets/index.js")).toBe(false);
    expect(isWebRoutePath("/api/v1/balances")).toBe(false);
  });
});
