import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverT } from "#app/i18n/server";
import { testApp, type TestApp } from "#tests/support/app";
import { createUser } from "#server/db/factories";
import { KEY_UPLOAD_LIMITS } from "#shared/campaigns";

/** The wiki's gamification guide quotes the site's live XP rules and level table. */
let t: TestApp;
let adminId = "";

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
async function wiki(lang: "en" | "es") {
  const res = await t.request(`/${lang}/resources`);
  expect(res.status).toBe(200);
  return res.text();
}

beforeAll(async () => {
  t = await testApp();
  adminId = (await createUser(t.services.db, { roles: ["Admin"] })).id;
});
afterAll(() => t?.close());

describe("/resources: XP, levels and achievements", () => {
  for (const lang of ["en", "es"] as const) {
    const tr = (key: string, vars?: Record<string, unknown>) => esc(serverT(lang, "site")(key, vars ?? {}) as string);

    it(`explains the default rewards, caps and stat points (${lang})`, async () => {
      const html = await wiki(lang);
      expect(html).toContain(tr("resources.gamificationGuide.title"));
      expect(html).toContain(tr("resources.gamificationGuide.items.earning.text", { thread: 10, reply: 5, like: 2 }));
      expect(html).toContain(
        tr("resources.gamificationGuide.items.levels.text", { statPoints: serverT(lang, "levels")("statPoints", { count: 3 }) }),
      );
      expect(html).toContain(tr("resources.gamificationAdmin.tabs.ranking.what"));
      // The level table: level 10 needs 2,250 XP (25·n·(n−1)), in the page's number format.
      const xp10 = new Intl.NumberFormat(lang).format(2250);
      expect(html).toMatch(new RegExp(`<th scope="row"[^>]*>10</th><td[^>]*>[^<]+</td><td[^>]*>${xp10}</td>`));
    });
  }

  it("follows the settings an admin changes (no cap shows as ∞)", async () => {
    const current = await t.services.settings.get("gamification_settings");
    await t.services.settings.write(
      "gamification_settings",
      {
        ...current,
        rewards: { ...current.rewards, thread_create: 17 },
        dailyCaps: { ...current.dailyCaps, post_create: null },
        statPointsPerLevel: 4,
      },
      adminId,
    );
    const tr = (key: string, vars?: Record<string, unknown>) => esc(serverT("en", "site")(key, vars ?? {}) as string);
    const html = await wiki("en");
    expect(html).toContain(tr("resources.gamificationGuide.items.earning.text", { thread: 17, reply: 5, like: 2 }));
    expect(html).toContain(tr("resources.gamificationGuide.items.caps.text", { threadCap: 50, replyCap: "∞", likeCap: 200, pairCap: 10 }));
    expect(html).toContain(
      tr("resources.gamificationGuide.items.levels.text", { statPoints: serverT("en", "levels")("statPoints", { count: 4 }) }),
    );
  });
});

describe("/resources: the featured games guide and the table of contents", () => {
  for (const lang of ["en", "es"] as const) {
    const tr = (key: string) => esc(serverT(lang, "site")(key) as string);

    it(`explains featured games, and lists the sections in the order the page shows them (${lang})`, async () => {
      const html = await wiki(lang);
      expect(html).toContain(tr("resources.featuredGuide.title"));
      for (const item of ["offer", "submit", "promo", "pay", "review", "schedule", "pages", "analytics", "studioMail"])
        expect(html).toContain(tr(`resources.featuredGuide.items.${item}.text`));
      const main = html.slice(html.indexOf('<main id="main"'), html.indexOf("</main>"));
      const sections = [...main.matchAll(/<section id="([a-z-]+)"/g)].map((m) => m[1]);
      const toc = [...html.matchAll(/data-toc="aside"[\s\S]*?<\/nav>/g)][0]![0];
      const tocAnchors = [...toc.matchAll(/href="#([a-z-]+)"/g)].map((m) => m[1]);
      expect(tocAnchors).toEqual(sections);
    });
  }
});

describe("/resources: the key campaigns guide", () => {
  for (const lang of ["en", "es"] as const) {
    it(`quotes the key previews' limits and what a team pause stops (${lang})`, async () => {
      const html = await wiki(lang);
      const limits = {
        minutes: serverT(lang, "site")("resources.campaignsGuide.minutes", { count: KEY_UPLOAD_LIMITS.previewMinutes }) as string,
        pending: KEY_UPLOAD_LIMITS.pendingPreviews,
        megabytes: KEY_UPLOAD_LIMITS.pendingMegabytes,
        previews: KEY_UPLOAD_LIMITS.previewsPerHour,
      };
      const keysText = serverT(lang, "site")("resources.campaignsGuide.items.keys.text", limits) as string;
      expect(keysText).not.toContain("{{");
      expect(keysText).toContain(String(KEY_UPLOAD_LIMITS.previewsPerHour));
      expect(html).toContain(esc(keysText));
      expect(html).toContain(esc(serverT(lang, "site")("resources.campaignsGuide.items.team.text") as string));
    });
  }
});
