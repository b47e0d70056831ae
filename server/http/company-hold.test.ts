import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { createCompany, createUser } from "#server/db/factories";
import type { ServerBuild } from "react-router";
import { companyProfiles, profiles } from "#server/db/schema";
import { serverBuildFile } from "#server/paths";

/**
 * A company whose company profile the team has not verified yet is held on
 * /company/verification for form posts and React Router data requests too, not only for page reads. Its
 * changes elsewhere are refused and not saved; what the verification page offers keeps working.
 */
let t: TestApp;
let pending: Awaited<ReturnType<typeof createCompany>>;
let verified: Awaited<ReturnType<typeof createCompany>>;
let creator: Awaited<ReturnType<typeof createUser>>;
const cookies = { pending: "", verified: "", creator: "" };
let ip = 0;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const post = (path: string, fields: Record<string, string>, cookie: string) =>
  t.request(path, {
    method: "POST",
    cookie,
    headers: { "content-type": "application/x-www-form-urlencoded", "x-test-ip": `10.77.0.${++ip % 250}` },
    body: form(fields),
  });
const get = (path: string, cookie: string) => t.request(path, { cookie, headers: { "x-test-ip": `10.77.1.${++ip % 250}` } });
const profileOf = async (id: string) => (await t.services.db.select().from(profiles).where(eq(profiles.id, id)))[0];

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  const db = t.services.db;
  pending = await createCompany(db, { password: "hold-pass-1", username: "held_studio", bio: "Original bio", verified: false });
  verified = await createCompany(db, { password: "hold-pass-1", username: "open_studio", bio: "Original bio", verified: true });
  creator = await createUser(db, { password: "hold-pass-1", username: "free_creator", bio: "Original bio" });
  cookies.pending = await signIn(t, pending.email, pending.password);
  cookies.verified = await signIn(t, verified.email, verified.password);
  cookies.creator = await signIn(t, creator.email, creator.password);
});
afterAll(() => t.close());

describe("a pending company's changes through other pages' forms", () => {
  it("its bio change on the account page is refused and not saved", async () => {
    const res = await post("/en/account?index", { intent: "profile", bio: "Changed while pending", locale: "en" }, cookies.pending);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/en/company/verification");
    expect((await profileOf(pending.id)).bio).toBe("Original bio");
  });

  it("its username change on the account page is refused and not saved (Spanish pages too)", async () => {
    const res = await post("/es/account?index", { intent: "username", username: "renamed_studio" }, cookies.pending);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/es/company/verification");
    const row = await profileOf(pending.id);
    expect(row).toMatchObject({ username: "held_studio", usernameChangedAt: null });
  });

  it("the same change sent as a React Router data request gets the client's redirect, and is not saved", async () => {
    const res = await post("/en/account.data?index", { intent: "profile", bio: "Changed by fetch" }, cookies.pending);
    expect(res.status).toBe(204);
    expect(res.headers.get("x-remix-redirect")).toBe("/en/company/verification");
    expect(res.headers.get("x-remix-status")).toBe("303");
    expect((await profileOf(pending.id)).bio).toBe("Original bio");
  });

  it("other pages' forms are held too (notifications, notification settings, a forum post)", async () => {
    for (const [path, fields] of [
      ["/en/notifications", { intent: "read-all" }],
      ["/en/account/notifications", { reply: "on" }],
      ["/en/account/security", { intent: "revoke-others" }],
      ["/en/u/free_creator", { intent: "follow", userId: creator.id }],
    ] as const) {
      const res = await post(path, fields, cookies.pending);
      expect(res.status, path).toBe(303);
      expect(res.headers.get("location"), path).toBe("/en/company/verification");
    }
  });

  it("a verified company and a creator make the same changes", async () => {
    for (const [who, id] of [
      ["verified", verified.id],
      ["creator", creator.id],
    ] as const) {
      const res = await post("/en/account?index", { intent: "profile", bio: `Changed by ${who}`, locale: "en" }, cookies[who]);
      expect(res.status, who).toBe(200);
      expect((await profileOf(id)).bio).toBe(`Changed by ${who}`);
    }
  });
});

describe("a pending company's data requests", () => {
  it("cannot read its dashboard through a data request that names only the dashboard's route", async () => {
    const res = await get("/en/dashboard.data?_routes=en%3Aroutes%2Fdashboard", cookies.pending);
    expect(res.status).toBe(204);
    expect(res.headers.get("x-remix-redirect")).toBe("/en/company/verification");
    expect(await res.text()).toBe("");
  });

  it("cannot read the other pages' data either, with or without the language prefix", async () => {
    for (const path of [
      "/en/dashboard.data",
      "/dashboard.data?_routes=routes%2Fdashboard",
      "/en/account.data?_routes=en%3Aroutes%2Faccount%2Fprofile-tab",
      "/en/notifications.data",
      "/_root.data",
      "/en.data",
    ]) {
      const res = await get(path, cookies.pending);
      expect(res.status, path).toBe(204);
      expect(res.headers.get("x-remix-redirect"), path).toMatch(/^(\/en)?\/company\/verification$/);
    }
  });

  it("a verified company reads its dashboard's data", async () => {
    const res = await get("/en/dashboard.data?_routes=en%3Aroutes%2Fdashboard", cookies.verified);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("dashboard");
  });

  it("API changes are refused with a translated 403", async () => {
    const res = await t.request("/api/v1/site/settings/forum_enabled", {
      method: "PUT",
      cookie: cookies.pending,
      headers: { "content-type": "application/json", "accept-language": "es" },
      body: JSON.stringify({ value: true }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: { code: "company.pending", message: "Tu empresa está pendiente de verificación por el equipo." },
    });
  });
});

describe("what the verification page offers keeps working", () => {
  it("the page and its data", async () => {
    expect((await get("/en/company/verification", cookies.pending)).status).toBe(200);
    const data = await get("/en/company/verification.data?_routes=en%3Aroutes%2Fcompany%2Fverification", cookies.pending);
    expect(data.status).toBe(200);
  });

  it("React Router's route manifest, which the browser asks for before following any link", async () => {
    const { assets } = (await import(/* @vite-ignore */ serverBuildFile)) as ServerBuild;
    const res = await get(
      `/__manifest?paths=%2Fes%2Fdashboard%2C%2Fes%2Fcompany%2Fverification&version=${assets.version}`,
      cookies.pending,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("json");
  });

  it("its company profile form saves (as a page post and as a data request)", async () => {
    const res = await post(
      "/en/company/verification",
      { companyName: "Held Studio Renamed", representativeName: "Rep Person", country: "ES" },
      cookies.pending,
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Held Studio Renamed");
    const viaFetch = await post(
      "/en/company/verification.data",
      { companyName: "Held Studio Fetched", representativeName: "Rep Person" },
      cookies.pending,
    );
    expect(viaFetch.status).toBe(200);
    const [row] = await t.services.db.select().from(companyProfiles).where(eq(companyProfiles.id, pending.id));
    expect(row.companyName).toBe("Held Studio Fetched");
  });

  it("the theme, the cookie choice, the email confirmation page, the data export and signing out", async () => {
    const theme = await t.request("/api/v1/site/theme", {
      method: "POST",
      cookie: cookies.pending,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ theme: "dark" }),
    });
    expect(theme.status).toBe(200);
    const consent = await t.request("/api/v1/site/consent", {
      method: "POST",
      cookie: cookies.pending,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ choice: "essentials" }),
    });
    expect(consent.status).toBe(200);
    // Its email is confirmed: the resend form answers that (409), it is not sent away.
    expect((await post("/en/auth/verify-email", {}, cookies.pending)).status).toBe(409);
    expect((await get("/en/account/export", cookies.pending)).status).toBe(200);
    const out = await t.request("/api/v1/session/sign-out", { method: "POST", cookie: cookies.pending });
    expect(out.status).toBe(303);
    expect(out.headers.get("location")).toBe("/auth/login");
  });
});
