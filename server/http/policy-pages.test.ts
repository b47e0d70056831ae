import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { pageClient, textOf } from "#tests/support/pages";
import { createUser } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { threads, users } from "#server/db/schema";

/**
 * Over HTTP: a hidden accepted answer no longer marks its thread solved, and /admin/roles
 * shows the capability table computed from the policies, in both languages.
 */
let t: TestApp;
const PW = "policy-pages-pass-1";
const DAY = 86_400_000;
const { get, post } = pageClient(() => t, "198.51.100");
const cookies = { asker: "", mod: "", admin: "" };
let thread: { id: string; slug: string; posts: { id: string; number: number }[] };
const TITLE = "How do I export a build for the web";
const pathOf = (lang: "en" | "es") => `/${lang}/community/respuestas/${thread.slug}`;

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip", PAGE_CACHE_SECONDS: "0" });
  const db = t.services.db;
  const person = async (spec: { roles?: string[]; username: string }) => {
    const u = await createUser(db, { password: PW, ...spec });
    await db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 30 * DAY) })
      .where(eq(users.id, u.id));
    return { id: u.id, cookie: await signIn(t, u.email, PW) };
  };
  const admin = await person({ roles: ["Admin"], username: "policy_admin" });
  const asker = await person({ username: "policy_asker" });
  const helper = await person({ username: "policy_helper" });
  const mod = await person({ roles: ["Moderator"], username: "policy_mod" });
  Object.assign(cookies, { asker: asker.cookie, mod: mod.cookie, admin: admin.cookie });
  await t.services.settings.write("forum_enabled", true, admin.id);
  const cat = await createCategory(db, { slug: "ayuda", titleEn: "Help", titleEs: "Ayuda" });
  const f = await createForum(db, { categoryId: cat.id, slug: "respuestas", titleEn: "Answers", titleEs: "Respuestas" });
  thread = await createThreadWithPosts(db, {
    forumId: f.id,
    authorId: asker.id,
    title: TITLE,
    at: new Date(Date.now() - 2 * DAY),
    replies: [{ authorId: helper.id, body: "Use the HTML5 export preset, then serve it over HTTPS." }],
  });
});
afterAll(() => t.close());

const WORDS = {
  en: { solved: "Resolved", accepted: "Accepted answer", trace: "This post was hidden by a moderator." },
  es: { solved: "Resuelto", accepted: "Respuesta aceptada", trace: "Un moderador ocultó este mensaje." },
} as const;

describe("a hidden accepted answer", () => {
  it("no longer marks the thread solved for a visitor, in both languages; publishing it again restores it", async () => {
    const accepted = await post(pathOf("en"), { intent: "accept", postId: thread.posts[1].id, number: "2" }, cookies.asker);
    expect(accepted.status).toBe(303);
    for (const lang of ["en", "es"] as const) {
      const page = await textOf(await get(pathOf(lang)));
      expect(page, lang).toContain(WORDS[lang].solved);
      expect(page, lang).toContain(WORDS[lang].accepted);
    }

    const hidden = await post(pathOf("en"), { intent: "hidePost", postId: thread.posts[1].id, number: "2", reason: "Spam" }, cookies.mod);
    expect(hidden.status).toBe(303);
    expect((await t.services.db.select().from(threads).where(eq(threads.id, thread.id)))[0].resolved).toBe(false);
    for (const lang of ["en", "es"] as const) {
      const res = await get(pathOf(lang));
      const html = await res.clone().text();
      const page = await textOf(res);
      expect(page, lang).toContain(WORDS[lang].trace);
      expect(page, lang).not.toContain(WORDS[lang].solved);
      expect(page, lang).not.toContain(WORDS[lang].accepted);
      // Search engines are no longer told the question has an accepted answer.
      expect(html, lang).not.toContain('"QAPage"');
    }

    // The thread's author is told, in their language.
    expect(await textOf(await get("/en/notifications", cookies.asker))).toContain(
      `A moderator hid the accepted answer in your thread ${TITLE}: it is no longer marked solved`,
    );
    expect(await textOf(await get("/es/notifications", cookies.asker))).toContain(
      `Un moderador ocultó la respuesta aceptada de tu hilo ${TITLE}: ya no figura como resuelto`,
    );

    const published = await post(pathOf("en"), { intent: "publishPost", postId: thread.posts[1].id, number: "2" }, cookies.mod);
    expect(published.status).toBe(303);
    for (const lang of ["en", "es"] as const) {
      const page = await textOf(await get(pathOf(lang)));
      expect(page, lang).toContain(WORDS[lang].solved);
      expect(page, lang).toContain(WORDS[lang].accepted);
    }
  });
});

describe("the capability table on /admin/roles", () => {
  const LABELS = {
    en: [
      "What each role may do",
      "Moderator",
      "Company pending verification",
      "Hide and publish replies",
      "Lock and unlock threads",
      "Ban members and lift bans",
      "Edit posts (someone else's)",
      "Adjust a member's XP by hand",
    ],
    es: [
      "Qué puede hacer cada rol",
      "Moderador",
      "Empresa pendiente de verificación",
      "Ocultar y publicar respuestas",
      "Cerrar y reabrir hilos",
      "Expulsar miembros y levantar expulsiones",
      "Editar mensajes (de otra persona)",
      "Ajustar a mano la XP de un miembro",
    ],
  } as const;

  for (const lang of ["en", "es"] as const) {
    it(`lists every action with its label and a yes or no for each kind of person (${lang})`, async () => {
      const res = await get(`/${lang}/admin/roles`, cookies.mod);
      expect(res.status).toBe(200);
      const page = await textOf(res);
      for (const label of LABELS[lang]) expect(page).toContain(label);
      // No action is shown by its raw name (a missing label would be).
      expect(page).not.toMatch(/capabilities\.|post\.hide|thread\.lock|user\.ban/);
      // One row per action: "Lock and unlock threads" is No for the five member columns and Yes for the team.
      const yes = lang === "en" ? "Yes" : "Sí";
      const row = page.slice(page.indexOf(LABELS[lang][4]), page.indexOf("</tr>", page.indexOf(LABELS[lang][4])));
      expect(row.match(new RegExp(`>${yes}<`, "g"))).toHaveLength(2);
      expect(row.match(/>No</g)).toHaveLength(5);
    });
  }
});
