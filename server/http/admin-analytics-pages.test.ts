import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsEvents, analyticsPageviews, featuredGameDaily } from "#server/db/schema";
import { createUser } from "#server/db/factories";
import { pageClient, textOf } from "#tests/support/pages";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { companyActor } from "#tests/support/campaigns-kit";
import { makeFeaturedGame } from "#tests/support/featured-kit";

/**
 * /admin/analytics (featured-games view) and its exports, and a studio's numbers on /dashboard:
 * who may open them, both languages, the window switch, the CSV and Excel downloads, the consent checkbox.
 */
let t: TestApp;
const PW = "correct-horse-battery";
const { get, post } = pageClient(() => t, "198.51.103");
const cookies = { admin: "", moderator: "", creator: "", company: "", other: "" };
const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** A name with a formula payload: a `;` spreadsheet would split it into formulas if it were left unquoted. */
const EMBER = "@Ember & Tide;=1+2;=cmd|' /C calc'!A0";
/** A referrer that is not a web address, as a crafted request could send it: counted as typed, never run. */
const FORMULA_REFERRER = '=HYPERLINK("http://evil.example","x")';

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  const db = t.services.db;
  const admin = await createUser(db, { roles: ["Admin"], username: "stats_admin" });
  const moderator = await createUser(db, { roles: ["Moderator"], username: "stats_mod" });
  const creator = await createUser(db, { username: "stats_creator" });
  const company = await companyActor(db, { name: "Pine Studio" });
  const other = await companyActor(db, { name: "Other Studio" });
  const mine = await makeFeaturedGame(db, new Date(), { slug: "hollow-pines", gameName: "Hollow Pines", companyId: company.userId });
  const theirs = await makeFeaturedGame(db, new Date(), { slug: "ember-and-tide", gameName: EMBER, companyId: other.userId });
  await db.insert(featuredGameDaily).values([
    { featuredGameId: mine.id, day: today, views: 120, storeClicks: 14, trailerClicks: 9, campaignClicks: 3 },
    { featuredGameId: mine.id, day: daysAgo(20), views: 1000, storeClicks: 0, trailerClicks: 0, campaignClicks: 0 },
    { featuredGameId: theirs.id, day: daysAgo(1), views: 55, storeClicks: 5, trailerClicks: 2, campaignClicks: 0 },
  ]);
  // The site's raw page views and events, rolled up as the job does: today, yesterday and 20 days ago.
  const visitor = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
  const at = (day: string) => new Date(`${day}T00:10:00.000Z`);
  await db.insert(analyticsPageviews).values([
    {
      pagePath: "/es/",
      visitorId: visitor(1),
      createdAt: at(today),
      referrer: "https://www.google.com/search",
      country: "MX",
      deviceType: "mobile",
    },
    { pagePath: "/es/", visitorId: visitor(2), createdAt: at(today), referrer: FORMULA_REFERRER, country: "ES", deviceType: "tablet" },
    { pagePath: "/es/community", visitorId: visitor(1), createdAt: at(today) },
    { pagePath: "/en/about", visitorId: visitor(3), createdAt: at(daysAgo(1)) },
    ...Array.from({ length: 40 }, (_, i) => ({ pagePath: "/en/old-news", visitorId: visitor(10 + i), createdAt: at(daysAgo(20)) })),
  ]);
  await db.insert(analyticsEvents).values([
    { eventType: "campaign_request_click", pagePath: "/es/campaigns/c1", visitorId: visitor(1), createdAt: at(today) },
    { eventType: "video_play", pagePath: "/es/", visitorId: visitor(2), createdAt: at(daysAgo(1)) },
  ]);
  await t.services.site.rollupSiteAnalytics({ days: [daysAgo(20), daysAgo(1), today] });
  cookies.admin = await signIn(t, admin.email, PW);
  cookies.moderator = await signIn(t, moderator.email, PW);
  cookies.creator = await signIn(t, creator.email, PW);
  cookies.company = await signIn(t, company.email!, PW);
  cookies.other = await signIn(t, other.email!, PW);
});
afterAll(() => t.close());

type Who = "visitor" | "creator" | "company" | "moderator" | "admin";
const cookieOf = (who: Who) => (who === "visitor" ? undefined : cookies[who]);
async function answerOf(res: Response): Promise<number | "login" | "home"> {
  if (res.status !== 302) return res.status;
  const to = res.headers.get("location") ?? "";
  if (to.includes("/login?redirectTo=")) return "login";
  if (to === "/en/" || to === "/es/") return "home";
  return res.status;
}

describe("who may open /admin/analytics and its exports", () => {
  for (const path of [
    "/en/admin/analytics",
    "/en/admin/analytics/export?format=csv",
    "/es/admin/analytics/export?format=xlsx&window=90",
    "/en/admin/analytics/site-export?format=csv&table=pages",
    "/es/admin/analytics/site-export?format=xlsx&window=7",
  ]) {
    it(path, async () => {
      const got: Record<string, unknown> = {};
      for (const who of ["visitor", "creator", "company", "moderator", "admin"] as Who[])
        got[who] = await answerOf(await get(path, cookieOf(who)));
      expect(got).toEqual({ visitor: "login", creator: "home", company: "home", moderator: 403, admin: 200 });
    });
  }
});

describe("/admin/analytics", () => {
  it("shows views and clicks per game with totals and the help text, in English", async () => {
    const res = await get("/en/admin/analytics?window=30", cookies.admin);
    expect(res.status).toBe(200);
    const text = await textOf(res);
    expect(text).toContain("Analytics");
    expect(text).toContain("Featured games");
    expect(text).toContain("counted only for visitors who accepted analytics cookies");
    expect(text).toContain("Hollow Pines");
    expect(text).toContain("@Ember & Tide");
    expect(text).toContain("1,175");
    expect(text).toContain("Download Excel");
    expect(text).toContain("Safe to open in any spreadsheet: every text cell is in quotes");
    const html = await (await get("/en/admin/analytics?window=7", cookies.admin)).text();
    expect(html).toMatch(/aria-current="page"[^>]*>Last 7 days|Last 7 days[\s\S]{0,10}</);
    expect(html).toContain('href="/en/admin/analytics/export?format=xlsx&amp;window=7"');
    // The 7-day window leaves out the views of 20 days ago.
    expect(await textOf(await get("/en/admin/analytics?window=7", cookies.admin))).toContain("175");
    // uPlot is not part of the page's HTML (it loads in an effect); the table works without it.
    expect(html).not.toContain("uPlot.min");
  });

  it("speaks Spanish at /es", async () => {
    const text = await textOf(await get("/es/admin/analytics?window=90", cookies.admin));
    expect(text).toContain("Analítica");
    expect(text).toContain("Juegos destacados");
    expect(text).toContain("Últimos 90 días");
    expect(text).toContain("Descargar CSV");
    expect(text).toContain("Se pueden abrir en cualquier hoja de cálculo");
    expect(text).toContain("Visitas");
  });

  it("exports CSV with every text cell quoted and every formula start guarded, and an Excel workbook that opens", async () => {
    const csv = await get("/en/admin/analytics/export?format=csv&window=30", cookies.admin);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="featured-games-analytics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const body = await csv.text();
    expect(body).toContain('"Day","Game","Studio","Views","Store clicks","Trailer plays","Campaign clicks"\r\n');
    expect(body).toContain(`"${today}","Hollow Pines","Pine Studio",120,14,9,3\r\n`);
    expect(body).toContain(`"${daysAgo(1)}","'@Ember & Tide;'=1+2;'=cmd|' /C calc'!A0","Pine Studio",55,5,2,0\r\n`);
    // Split on `;` as a Spanish spreadsheet does, quotes ignored: no piece starts a formula.
    for (const piece of body.split(/[;,\r\n]/)) expect(piece.replace(/^"/, "")).not.toMatch(/^[=+\-@]/);

    const xlsx = await get("/es/admin/analytics/export?format=xlsx&window=7", cookies.admin);
    expect(xlsx.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(xlsx.headers.get("content-disposition")).toMatch(/filename="featured-games-analytics-.*\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const games = book.getWorksheet("Juegos")!;
    expect(games.getRow(1).getCell(1).value).toBe("Juego");
    const names = [2, 3].map((r) => games.getRow(r).getCell(1).value);
    expect(names).toEqual(["Hollow Pines", "'@Ember & Tide;'=1+2;'=cmd|' /C calc'!A0"]);
    expect(games.getRow(2).getCell(3).value).toBe("Activo");
    expect(book.getWorksheet("Por día")!.rowCount).toBe(3);
  });
});

/** The main column's words with the tags dropped and spaces collapsed. */
const plain = async (res: Response) => (await textOf(res)).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("/admin/analytics, the site section", () => {
  it("shows page views, visitors, the top tables and their downloads for each window", async () => {
    const week = await plain(await get("/en/admin/analytics?window=7", cookies.admin));
    expect(week).toContain("Page views and unique visitors per day");
    // 4 page views in 7 days (the 40 of 20 days ago are outside), 2 events.
    expect(week).toMatch(/Page views 4 /);
    expect(week).toMatch(/Events 2 /);
    expect(week).toContain("/es/ 2 /en/about 1 /es/community 1");
    expect(week).toContain("Mexico (MX) 1");
    expect(week).toContain("Direct (no referrer) 2");
    expect(week).toContain("www.google.com 1");
    expect(week).toContain('=HYPERLINK("http://evil.example","x") 1');
    expect(week).toContain("Desktop 2 Mobile 1 Tablet 1");
    expect(week).toContain("campaign_request_click 1");
    expect(week).not.toContain("/en/old-news");
    const html = await (await get("/en/admin/analytics?window=7", cookies.admin)).text();
    for (const table of ["daily", "pages", "referrers", "countries", "devices", "events"]) {
      expect(html).toContain(`href="/en/admin/analytics/site-export?format=csv&amp;table=${table}&amp;window=7"`);
      expect(html).toContain(`href="/en/admin/analytics/site-export?format=xlsx&amp;table=${table}&amp;window=7"`);
    }
    const month = await plain(await get("/en/admin/analytics?window=30", cookies.admin));
    expect(month).toMatch(/Page views 44 /);
    expect(month).toContain("/en/old-news 40 /es/ 2");
    const quarter = await plain(await get("/es/admin/analytics?window=90", cookies.admin));
    expect(quarter).toContain("Sitio");
    expect(quarter).toMatch(/Páginas vistas 44 /);
    expect(quarter).toContain("México (MX) 1");
    expect(quarter).toContain("Móvil 1");
  });

  it("downloads each table as CSV and all of them as a workbook, formulas neutralised in both", async () => {
    const csv = await get("/en/admin/analytics/site-export?format=csv&table=referrers&window=7", cookies.admin);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="site-analytics-referrers-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const body = await csv.text();
    expect(body).toContain('"Referrer","Page views"\r\n');
    expect(body).toContain('"direct",2\r\n');
    expect(body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")",1\r\n`);
    for (const piece of body.split(/[;,\r\n]/)) expect(piece.replace(/^"/, "")).not.toMatch(/^[=+\-@]/);
    const daily = await (await get("/en/admin/analytics/site-export?format=csv&table=daily&window=7", cookies.admin)).text();
    expect(daily).toContain('"Day","Page views","Unique visitors"\r\n');
    expect(daily).toContain(`"${today}",3,2\r\n`);
    expect(daily.trim().split("\r\n")).toHaveLength(8);
    const devices = await (await get("/es/admin/analytics/site-export?format=csv&table=devices&window=7", cookies.admin)).text();
    expect(devices).toContain('"Dispositivo","Páginas vistas"\r\n');
    expect(devices).toContain('"Escritorio",2\r\n');

    const xlsx = await get("/es/admin/analytics/site-export?format=xlsx&window=7", cookies.admin);
    expect(xlsx.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(xlsx.headers.get("content-disposition")).toMatch(/filename="site-analytics-all-.*\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    expect(book.worksheets.map((s) => s.name)).toEqual(["Por día", "Páginas", "Referentes", "Países", "Dispositivos", "Eventos"]);
    const referrers = book.getWorksheet("Referentes")!;
    expect(referrers.getRow(1).values).toEqual([undefined, "Referente", "Páginas vistas"]);
    const cells = referrers.getColumn(1).values.filter((v) => typeof v === "string");
    expect(cells).toContain(`'=HYPERLINK("http://evil.example","x")`);
    referrers.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
    // A bad table or format falls back: the daily table as CSV.
    const fallback = await get("/en/admin/analytics/site-export?format=pdf&table=secrets", cookies.admin);
    expect(fallback.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(await fallback.text()).toContain('"Day","Page views","Unique visitors"');
  });
});

const consentBox = (html: string) => /<input type="checkbox"[^>]*name="agreed"[^>]*>/.exec(html)?.[0] ?? "missing";

describe("a studio's numbers on /dashboard", () => {
  it("shows a company only its own games over the chosen window, and consent off by default", async () => {
    const html = await (await get("/en/dashboard?window=7", cookies.company)).text();
    const text = await textOf(new Response(html));
    expect(text).toContain("Your featured games");
    expect(text).toContain("Hollow Pines");
    expect(text).not.toContain("Ember & Tide");
    expect(text).toContain("120");
    expect(text).not.toContain("1,120");
    expect((await textOf(await get("/en/dashboard?window=90", cookies.company))).replace(/\s+/g, " ")).toContain("1,120");
    expect(consentBox(html)).not.toContain("checked");
    const es = await textOf(await get("/es/dashboard?window=7", cookies.company));
    expect(es).toContain("Tus juegos destacados");
    expect(es).toContain("Visitas");
  });

  it("shows no games section to a creator", async () => {
    const text = await textOf(await get("/en/dashboard", cookies.creator));
    expect(text).not.toContain("Your featured games");
  });

  it("saves the consent to promotional email for the company itself; a visitor and a creator are refused", async () => {
    expect(await answerOf(await post("/en/dashboard", { intent: "mail-consent", agreed: "on" }))).toBe("login");
    const refused = await post("/en/dashboard", { intent: "mail-consent", agreed: "on" }, cookies.creator);
    expect(refused.status).toBe(403);
    const saved = await post("/en/dashboard", { intent: "mail-consent", agreed: "on" }, cookies.company);
    expect(saved.status).toBe(200);
    expect(await textOf(saved)).toContain("Saved: you will receive promotional emails");
    expect(consentBox(await (await get("/en/dashboard", cookies.company)).text())).toContain("checked");
    // The other company's consent is untouched.
    expect(consentBox(await (await get("/en/dashboard", cookies.other)).text())).not.toContain("checked");
    const off = await post("/en/dashboard", { intent: "mail-consent" }, cookies.company);
    expect(await textOf(off)).toContain("Saved: you will not receive promotional emails.");
  });
});
