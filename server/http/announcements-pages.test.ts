import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announcements, auditLog, i18nMissing, users } from "#server/db/schema";
import { createUser } from "#server/db/factories";
import { reportMissingTranslation } from "#server/modules/site/report-missing-translation";
import { pageClient, textOf } from "#tests/support/pages";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { oneColourPng } from "#tests/support/test-images";

/**
 * /admin/announcements and /admin/translations driven as a browser without JavaScript would (plain GETs, form
 * posts, the banner as multipart), and the events they announce on the home page and in the side panel.
 */
let t: TestApp;
const PW = "announcements-pages-pass-1";
const DAY = 86_400_000;
const { get, post } = pageClient(() => t, "198.51.101");
const cookies = { admin: "", moderator: "", member: "" };
const audits = (action: string) => t.services.db.select().from(auditLog).where(eq(auditLog.action, action));

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  const db = t.services.db;
  const make = async (spec: { roles?: string[]; username?: string } = {}) => {
    const u = await createUser(db, { password: PW, ...spec });
    await db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 30 * DAY) })
      .where(eq(users.id, u.id));
    return u;
  };
  const admin = await make({ roles: ["Admin"], username: "event_admin" });
  const moderator = await make({ roles: ["Moderator"], username: "event_mod" });
  const member = await make({ username: "event_member" });
  cookies.admin = await signIn(t, admin.email, PW);
  cookies.moderator = await signIn(t, moderator.email, PW);
  cookies.member = await signIn(t, member.email, PW);
});
afterAll(() => t.close());

type Who = "visitor" | "member" | "moderator" | "admin";
const cookieOf = (who: Who) => (who === "visitor" ? undefined : cookies[who]);
async function answerOf(res: Response): Promise<number | "login" | "home"> {
  if (res.status !== 302) return res.status;
  const to = res.headers.get("location") ?? "";
  if (to.startsWith("/en/login?redirectTo=")) return "login";
  if (to === "/en/") return "home";
  return res.status;
}

/** The form as a browser sends it, banner included (multipart). */
function multipart(path: string, fields: Record<string, string>, image: Uint8Array | null, cookie?: string) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  fd.set(
    "image",
    image ? new File([new Uint8Array(image)], "banner.png", { type: "image/png" }) : new File([], ""),
    image ? "banner.png" : "",
  );
  return t.request(path, { method: "POST", cookie, body: fd, headers: { "x-test-ip": "198.51.101.250" } });
}

/** A day `days` from now at 21:00 in Madrid, as the form's datetime-local field sends it. */
const dayAhead = (days: number) => `${new Date(Date.now() + days * DAY).toISOString().slice(0, 10)}T21:00`;
const fields = (over: Record<string, string> = {}) => ({
  intent: "create-announcement",
  formId: "announcement-new",
  titleEs: "Noche de demos indie",
  titleEn: "Indie demo night",
  startsLocal: dayAhead(20),
  timeZone: "Europe/Madrid",
  videoUrl: "https://www.youtube.com/@nexoindie",
  ...over,
});

describe("who may open the site tabs", () => {
  for (const path of ["/en/admin/announcements", "/en/admin/translations"]) {
    it(path, async () => {
      const got: Record<string, unknown> = {};
      for (const who of ["visitor", "member", "moderator", "admin"] as Who[]) got[who] = await answerOf(await get(path, cookieOf(who)));
      expect(got).toEqual({ visitor: "login", member: "home", moderator: 403, admin: 200 });
    });
  }

  it("lists both tabs in the admin's navigation, not in a Moderator's", async () => {
    const admin = await (await get("/en/admin", cookies.admin)).text();
    expect(admin).toContain('href="/en/admin/announcements"');
    expect(admin).toContain('href="/en/admin/translations"');
    const mod = await (await get("/en/admin", cookies.moderator)).text();
    expect(mod).not.toContain('href="/en/admin/announcements"');
  });
});

describe("the announcements tab", () => {
  it("refuses every mutation to a visitor, a member and a Moderator", async () => {
    for (const body of [fields(), { ...fields(), intent: "update-announcement", id: "x" }, { intent: "delete-announcement", id: "x" }]) {
      expect(await answerOf(await post("/en/admin/announcements", body))).toBe("login");
      expect(await answerOf(await post("/en/admin/announcements", body, cookies.member))).toBe("home");
      expect((await post("/en/admin/announcements", body, cookies.moderator)).status).toBe(403);
    }
    expect(await t.services.db.select().from(announcements)).toEqual([]);
  });

  it("shows its help and the empty list, in both languages", async () => {
    const en = await textOf(await get("/en/admin/announcements", cookies.admin));
    expect(en).toContain("Visitors see the time in their own zone");
    expect(en).toContain("No event has been announced yet");
    const es = await textOf(await get("/es/admin/announcements?edit=new", cookies.admin));
    expect(es).toContain("Cada visitante ve la hora en su propia zona");
    expect(es).toContain("Nuevo anuncio");
    expect(es).toMatch(/<select[^>]*name="timeZone"/);
  });

  it("refuses bad fields beside them, in the page's language, keeping what was typed", async () => {
    const bad = fields({ titleEs: "", titleEn: "Typed <title>", videoUrl: "javascript:alert(1)", startsLocal: "2026-02-30T10:00" });
    const es = await multipart("/es/admin/announcements", bad, oneColourPng(1600, 900), cookies.admin);
    expect(es.status).toBe(400);
    const html = await textOf(es);
    expect(html).toContain("Escribe un título de 1 a 120 caracteres");
    expect(html).toContain("Escribe una dirección completa que empiece por http:// o https://");
    expect(html).toContain("Escribe un día y una hora válidos");
    expect(html).toContain('value="Typed <title>"');
    expect(html).toContain("vuelve a elegirlo");
    const en = await multipart("/en/admin/announcements", fields(), null, cookies.admin);
    expect(en.status).toBe(400);
    expect(await textOf(en)).toContain("Choose a banner image.");
    expect(await t.services.db.select().from(announcements)).toEqual([]);
  });

  it("creates, edits and deletes an event (multipart, without JavaScript), each audited", async () => {
    const created = await multipart("/en/admin/announcements", fields(), oneColourPng(1600, 900), cookies.admin);
    expect(created.status).toBe(200);
    expect(await textOf(created)).toContain("“Indie demo night” was announced.");
    const [row] = await t.services.db.select().from(announcements);
    expect(row!.imageUrl).toMatch(/^\/media\/announcements\//);
    expect(await audits("announcement.create")).toHaveLength(1);

    const list = await textOf(await get("/en/admin/announcements", cookies.admin));
    expect(list).toContain("Indie demo night");
    expect(list).toContain("Upcoming");
    const edit = await textOf(await get(`/en/admin/announcements?edit=${row!.id}`, cookies.admin));
    expect(edit).toContain(`value="${fields().startsLocal}"`);

    const saved = await multipart(
      "/en/admin/announcements",
      { ...fields({ titleEn: "Indie demo night, live" }), intent: "update-announcement", id: row!.id, formId: `announcement-${row!.id}` },
      null,
      cookies.admin,
    );
    expect(saved.status).toBe(200);
    expect(await audits("announcement.update")).toHaveLength(1);

    // Shown on the home page (both languages) and in the side panel, the zone named (the server's: Madrid).
    const home = await (await get("/en/")).text();
    expect(home).toContain("Upcoming events");
    expect(home).toContain("Indie demo night, live");
    expect(home).toContain("Central European Time");
    const homeEs = await (await get("/es/")).text();
    expect(homeEs).toContain("Próximos eventos");
    expect(homeEs).toContain("Noche de demos indie");
    expect(homeEs).toContain("hora de Europa central");
    const about = await (await get("/en/about")).text();
    expect(about.slice(about.indexOf('class="side-panel"'))).toContain("Indie demo night, live");

    const deleted = await post("/en/admin/announcements", { intent: "delete-announcement", id: row!.id }, cookies.admin);
    expect(deleted.status).toBe(200);
    expect(await audits("announcement.delete")).toHaveLength(1);
    expect(await (await get("/en/")).text()).not.toContain("Indie demo night");
  });

  it("leaves a past event out of the public pages but lists it in the admin", async () => {
    const res = await multipart(
      "/en/admin/announcements",
      fields({ titleEn: "Old showcase", startsLocal: "2025-09-10T21:00" }),
      oneColourPng(1280, 720),
      cookies.admin,
    );
    expect(res.status).toBe(200);
    expect(await textOf(await get("/en/admin/announcements", cookies.admin))).toMatch(/Old showcase[\s\S]*Past/);
    expect(await (await get("/en/about")).text()).not.toContain("Old showcase");
  });
});

describe("the missing translations tab", () => {
  it("lists each key once with its count, flags Spanish past 10 keys (English then fills its gaps), and clears it", async () => {
    const services = t.services;
    await services.settings.write("i18n_missing_enabled", true, "test");
    const deps = { db: services.db, settings: services.settings, rateLimiter: services.rateLimiter };
    for (let i = 0; i < 2; i++)
      await reportMissingTranslation(deps, "ip-a", { lang: "es", namespace: "common", key: "nav.ghost", route: "/es/" });
    let en = await textOf(await get("/en/admin/translations", cookies.admin));
    expect(en).toContain("common:nav.ghost");
    expect(en).toContain("1 key missing");
    expect(en).not.toContain("Flagged");
    for (let i = 0; i < 10; i++)
      await reportMissingTranslation(deps, "ip-b", { lang: "es", namespace: "site", key: `k${i}`, route: "/es/" });
    services.events.publish("i18n_missing.cleared", { lang: null, at: new Date() }); // the kept read reads again
    en = await textOf(await get("/en/admin/translations", cookies.admin));
    expect(en).toContain("11 keys missing");
    expect(en).toContain("Flagged: falls back to English");
    const es = await textOf(await get("/es/admin/translations", cookies.admin));
    expect(es).toContain("Marcado: usa el inglés");
    const bootOf = async (path: string) => /<script id="i18n-boot"[^>]*>([^<]*)<\/script>/.exec(await (await get(path)).text())?.[1] ?? "";
    expect(await bootOf("/es/about")).toContain('"englishFallback":true');
    expect(await bootOf("/en/about")).not.toContain("englishFallback");

    expect((await post("/en/admin/translations", { intent: "clear-missing", lang: "es" }, cookies.moderator)).status).toBe(403);
    const cleared = await post("/en/admin/translations", { intent: "clear-missing", lang: "es" }, cookies.admin);
    expect(cleared.status).toBe(200);
    expect(await services.db.select().from(i18nMissing)).toEqual([]);
    expect(await audits("i18n_missing.clear")).toHaveLength(1);
    expect(await bootOf("/es/about")).not.toContain("englishFallback");
  });
});
