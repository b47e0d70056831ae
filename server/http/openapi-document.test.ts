import SwaggerParser from "@apidevtools/swagger-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPENAPI_PATH, routesMissingFromDocument } from "#server/http/api/openapi";
import { testApp, type TestApp } from "#tests/support/app";

/**
 * GET /api/v1/openapi.json describes every route the app serves under /api/v1 (docs/architecture.md, "A route
 * under /api/v1"), and is a valid OpenAPI 3.1 document.
 */
let t: TestApp;
let document: Record<string, unknown> & { paths: Record<string, Record<string, Record<string, unknown>>> };

beforeAll(async () => {
  t = await testApp();
  const res = await t.request(OPENAPI_PATH);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("application/json");
  document = await res.json();
});
afterAll(() => t?.close());

describe("the API's OpenAPI document", () => {
  it("describes every route the app serves under /api/v1", () => {
    const missing = routesMissingFromDocument(t.app.routes, document);
    expect(
      missing,
      `Served under /api/v1 but missing from ${OPENAPI_PATH}: ${missing.join(", ")}. Write each with createRoute() ` +
        "and api.openapi() on an apiRouter() (server/http/api/openapi.ts), as docs/architecture.md says.",
    ).toEqual([]);
    // The check itself sees the routes: these are served and described.
    const served = t.app.routes.map((r) => `${r.method} ${r.path}`);
    for (const route of ["GET /api/v1/site/flags", "PUT /api/v1/site/settings/:key", "POST /api/v1/payments/webhook"])
      expect(served).toContain(route);
    expect(Object.keys(document.paths)).toContain("/api/v1/site/settings/{key}");
  });

  it("names a route written with plain Hono as missing", () => {
    const routes = [
      { method: "GET", path: "/api/v1/plain/:id" },
      { method: "ALL", path: "/api/v1/other" },
      { method: "POST", path: "/api/v1/payments/webhook" },
      { method: "ALL", path: "/api/v1/payments/webhook" },
      { method: "ALL", path: "/api/v1/*" },
      { method: "GET", path: "/about" },
    ];
    expect(routesMissingFromDocument(routes, document)).toEqual(["GET /api/v1/plain/:id", "ALL /api/v1/other"]);
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    expect(document.openapi).toBe("3.1.0");
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it("says who may call each operation, and documents better-auth's routes by hand", () => {
    for (const [path, item] of Object.entries(document.paths))
      for (const [method, op] of Object.entries(item)) {
        expect(["public", "signed-in", "admin", "provider"], `${method} ${path}`).toContain(op["x-access"]);
        expect(op.summary, `${method} ${path}`).toBeTruthy();
      }
    expect(document.paths["/api/v1/site/settings/{key}"]!.put!["x-access"]).toBe("admin");
    expect(document.paths["/api/auth/sign-in/email"]!.post).toBeTruthy();
  });

  it("keeps the routes' answers: a malformed analytics body is still the operation's 400", async () => {
    const res = await t.request("/api/v1/site/i18n-missing", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(202);
    const theme = await t.request("/api/v1/site/theme", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ theme: "purple" }),
    });
    expect(theme.status).toBe(400);
    expect(await theme.json()).toEqual({ error: { code: "input.invalid" } });
  });
});
