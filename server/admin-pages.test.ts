import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { createCompany, createUser, type CreatedUser } from "#server/db/factories";
import { companyProfiles, mailOutbox, userRoles } from "./db/schema";

/** The admin area and the company pages through the real HTTP app and React Router build. */
describe("admin and company pages", () => {
  let t: TestApp;
  let adminCookie: string;
  let modCookie: string;
  let creatorCookie: string;
  let companyCookie: string;
  let creator: CreatedUser;
  let pending: CreatedUser & { slug: string };
  let verified: CreatedUser & { slug: string };

  beforeAll(async () => {
    t = await testApp();
    const db = t.services.db;
    const admin = await createUser(db, { username: "boss", email: "boss@example.test", password: "admin-pass-1", roles: ["Admin"] });
    const mod = await createUser(db, { username: "modder", email: "mod@example.test", password: "mod-pass-1", roles: ["Moderator"] });
    creator = await createUser(db, { username: "streamer", email: "streamer@example.test", password: "creator-pass-1" });
    pending = await createCompany(db, { companyName: "Waiting Games", email: "waiting@studio.test", password: "company-pass-1" });
    verified = await createCompany(db, {
      companyName: "Known Games",
      verified: true,
      description: "We <b>make</b> games.",
      website: "https://known.example",
    });
    adminCookie = await signIn(t, admin.email, admin.password);
    modCookie = await signIn(t, mod.email, mod.password);
    creatorCookie = await signIn(t, creator.email, creator.password);
    companyCookie = await signIn(t, pending.email, pending.password);
  });
  afterAll(() => t.close());

  const get = (path: string, cookie?: string) => t.request(path, { cookie, headers: { "accept-language": "en" } });
  const post = (path: string, cookie: string, fields: Record<string, string>) =>
    t.request(path, {
      method: "POST",
      cookie,
      headers: { "content-type": "application/x-www-form-urlencoded", "accept-language": "en" },
      body: new URLSearchParams(fields).toString(),
    });

  describe("guard", () => {
    it("sends a visitor to the login page with the way back", async () => {
      const res = await get("/admin");
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/login?redirectTo=%2Fadmin");
      const es = await get("/es/admin/roles?q=x");
      expect(es.headers.get("location")).toBe("/es/login?redirectTo=%2Fadmin%2Froles%3Fq%3Dx");
    });

    it("sends a creator home", async () => {
      const res = await get("/admin", creatorCookie);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
      expect((await get("/admin/roles", creatorCookie)).status).toBe(302);
    });

    it("lets a Moderator in, without the mail log and the settings", async () => {
      const res = await get("/admin", modCookie);
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(body).toContain('<meta name="robots" content="noindex, nofollow"/>');
      expect(body).toContain("Quick view");
      expect(body).toContain('href="/admin/roles"');
      expect(body).not.toContain('href="/admin/mail"');
      expect(body).not.toContain('href="/admin/settings"');
      for (const path of ["/admin/mail", "/admin/settings"]) {
        const refused = await get(path, modCookie);
        expect(refused.status, path).toBe(403);
        const text = await refused.text();
        expect(text, path).toContain("This section is not for your role");
        expect(text, path).toContain("noindex");
      }
      for (const path of ["/admin/roles", "/admin/companies", "/admin/audit"]) expect((await get(path, modCookie)).status, path).toBe(200);
    });

    it("lets an Admin use every tab, in both languages", async () => {
      for (const path of ["/admin", "/admin/roles", "/admin/companies", "/admin/mail", "/admin/settings", "/admin/audit"]) {
        const res = await get(path, adminCookie);
        expect(res.status, path).toBe(200);
        expect(await res.text(), path).toContain('aria-current="page"');
      }
      const es = await (await get("/es/admin/settings", adminCookie)).text();
      expect(es).toContain("Modo mantenimiento");
      expect(es).toContain('<html lang="es"');
    });
  });

  describe("roles", () => {
    it("grants a role through the page's form, audited, and refuses a Moderator making an Admin", async () => {
      const list = await (await get("/admin/roles?q=streamer", adminCookie)).text();
      expect(list).toContain("streamer@example.test");
      const res = await post("/admin/roles", adminCookie, { intent: "grant", userId: creator.id, role: "Moderator", name: "streamer" });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("streamer is now Moderator.");
      const rows = await t.services.db.select().from(userRoles).where(eq(userRoles.userId, creator.id));
      expect(rows.map((r) => r.roleId)).toEqual(["moderator"]);
      const refused = await post("/admin/roles", modCookie, { intent: "grant", userId: creator.id, role: "Admin", name: "streamer" });
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain("You do not have permission to perform this action.");
      const audit = await (await get("/admin/audit?action=role.grant", modCookie)).text();
      expect(audit).toContain("Role granted");
      expect(audit).toContain("streamer");
    });

    it("answers the last-Admin rule with its message", async () => {
      const [admin] = await t.services.db.select().from(userRoles).where(eq(userRoles.roleId, "admin"));
      const res = await post("/admin/roles", adminCookie, { intent: "revoke", userId: admin.userId, role: "Admin", name: "boss" });
      expect(res.status).toBe(409);
      expect(await res.text()).toContain("The site needs at least one Admin.");
    });
  });

  describe("companies", () => {
    it("keeps a pending company on its verification page until it is verified from the companies tab", async () => {
      const before = await get("/dashboard", companyCookie);
      expect(before.status).toBe(302);
      expect(before.headers.get("location")).toBe("/company/verification");
      const page = await (await get("/company/verification", companyCookie)).text();
      expect(page).toContain("typically takes 1–2 business days");

      const empty = await post("/admin/companies", modCookie, {
        intent: "reject",
        companyId: pending.id,
        reason: "  ",
        name: "Waiting Games",
      });
      expect(empty.status).toBe(400);
      expect(await empty.text()).toContain("Write the reason for the rejection");

      const listed = await (await get("/admin/companies?status=pending", modCookie)).text();
      expect(listed).toContain("Waiting Games");
      const res = await post("/admin/companies", modCookie, { intent: "verify", companyId: pending.id, name: "Waiting Games" });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("Waiting Games is verified");
      const after = await get("/dashboard", companyCookie);
      expect(after.headers.get("location")).toBeNull();
      expect(after.status).toBe(200);
      const [mail] = await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.to, "waiting@studio.test"));
      expect(mail).toMatchObject({ template: "company-verified", status: "stored" });
      const verifiedPage = await (await get("/company/verification", companyCookie)).text();
      expect(verifiedPage).toContain("Your company is verified");
      expect(verifiedPage).toContain('href="/dashboard"');
    });

    it("shows the mail in the Admin's mail log, as text and as sandboxed HTML", async () => {
      const [mail] = await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.to, "waiting@studio.test"));
      const body = await (await get(`/admin/mail?id=${mail.id}`, adminCookie)).text();
      // The company reads Spanish (the default when a profile has no other language).
      expect(body).toContain("Waiting Games está verificada en Nexo Indie");
      expect(body).toContain('sandbox=""');
      expect(body).toContain("Stored");
      expect((await get(`/admin/mail?id=${mail.id}`, modCookie)).status).toBe(403);
    });

    it("shows only verified companies publicly", async () => {
      const res = await get(`/company/${verified.slug}`);
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(body).toContain("Known Games");
      expect(body).toContain("We &lt;b&gt;make&lt;/b&gt; games.");
      expect(body).toContain('rel="noopener nofollow ugc"');
      const other = await createCompany(t.services.db, { companyName: "Still Waiting" });
      expect((await get(`/company/${other.slug}`)).status).toBe(404);
      expect((await get("/company/nobody-here")).status).toBe(404);
    });
  });

  describe("settings", () => {
    it("changes the feature flags and maintenance through the existing site operations", async () => {
      const flags = await post("/admin/settings", adminCookie, { intent: "flags", forum_enabled: "on" });
      expect(flags.status).toBe(200);
      expect(await flags.text()).toContain("The features were saved.");
      expect(await t.services.settings.runtimeFlags()).toEqual({
        analytics_enabled: false,
        forum_enabled: true,
        i18n_missing_enabled: false,
      });
      const noPassword = await post("/admin/settings", adminCookie, { intent: "maintenance", enabled: "on" });
      expect(noPassword.status).toBe(400);
      expect(await noPassword.text()).toContain("Enter the password.");
      const refused = await post("/admin/settings", modCookie, { intent: "flags", forum_enabled: "" });
      expect(refused.status).toBe(403);
      expect(await t.services.settings.get("forum_enabled")).toBe(true);
      await post("/admin/settings", adminCookie, { intent: "flags" });
      expect(await t.services.settings.get("forum_enabled")).toBe(false);
    });
  });

  describe("company verification page", () => {
    it("is for company accounts only", async () => {
      expect((await get("/company/verification")).headers.get("location")).toBe("/login?redirectTo=%2Fcompany%2Fverification");
      expect((await get("/company/verification", creatorCookie)).headers.get("location")).toBe("/");
    });

    it("saves the profile and sends a rejected company back to the queue", async () => {
      const db = t.services.db;
      const co = await createCompany(db, { companyName: "Second Try", email: "second@studio.test", password: "company-pass-2" });
      await db.update(companyProfiles).set({ rejectionReason: "Tell us about your games" }).where(eq(companyProfiles.id, co.id));
      const cookie = await signIn(t, co.email, co.password);
      expect(await (await get("/company/verification", cookie)).text()).toContain("Tell us about your games");
      const form = new FormData();
      for (const [k, v] of Object.entries({
        companyName: "Second Try Studio",
        representativeName: "Lu Pérez",
        website: "http://insecure.example",
        description: "Puzzles.",
        country: "MX",
      }))
        form.set(k, v);
      const bad = await t.request("/company/verification", { method: "POST", cookie, body: form });
      expect(bad.status).toBe(200);
      expect(await bad.text()).toContain("Enter a full address starting with https://");
      form.set("website", "https://second.example");
      const png = await sharp({ create: { width: 40, height: 40, channels: 4, background: "#0e7490" } })
        .png()
        .toBuffer();
      form.set("logo", new Blob([new Uint8Array(png)], { type: "application/octet-stream" }), "logo.bin");
      const ok = await t.request("/company/verification", { method: "POST", cookie, body: form, headers: { "accept-language": "en" } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain("Your company profile was saved");
      const [row] = await db.select().from(companyProfiles).where(eq(companyProfiles.id, co.id));
      expect(row).toMatchObject({
        companyName: "Second Try Studio",
        website: "https://second.example",
        country: "MX",
        rejectionReason: null,
        verified: false,
      });
      expect(row.logoUrl).toMatch(/^\/media\/logos\/.+\.webp$/);
      const logo = await t.request(row.logoUrl!);
      expect(logo.status).toBe(200);
      expect((await sharp(Buffer.from(await logo.arrayBuffer())).metadata()).width).toBe(256);
    });
  });
});
