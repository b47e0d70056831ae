import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverT } from "#app/i18n/server";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { createCompany, createUser } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { notifications } from "#server/db/schema";

/**
 * Control characters and broken percent-encoding, in every route parameter, every query
 * parameter a page reads and every form field, never give a 500. Path → 404, query → 400, page form → 400
 * (all translated: Spanish under /es, English under /en); nothing is changed. Tab and line breaks are
 * ordinary text in a form (a textarea sends CR LF): there the pages answer as they do for any other text.
 */
type Lang = "en" | "es";
type Persona = "visitor" | "member" | "admin" | "pending";
const LANGS: Lang[] = ["en", "es"];

/** What goes into a path or a query: percent-encoded, as a browser or a hand-made link sends it. */
const BAD_IN_ADDRESS: [string, string][] = [
  ["NUL", "%00"],
  ["U+0001", "%01"],
  ["U+001F", "%1F"],
  ["DEL", "%7F"],
  ["tab", "%09"],
  ["line feed", "%0A"],
  ["carriage return", "%0D"],
  ["invalid escape", "%zz"],
  ["cut UTF-8", "%E0%A4%A"],
];
/** What a form field may not hold: control characters other than tab and line breaks. */
const REFUSED_IN_FORM: [string, string][] = [
  ["NUL", "\u0000"],
  ["U+0001", "\u0001"],
  ["U+001F", "\u001f"],
  ["DEL", "\u007f"],
];
const WHITESPACE_IN_FORM: [string, string][] = [
  ["tab", "\t"],
  ["line feed", "\n"],
  ["carriage return", "\r"],
];

let t: TestApp;
const cookies: Record<Persona, string> = { visitor: "", member: "", admin: "", pending: "" };
const ids = { member: "", target: "", targetName: "", threadId: "", openingPostId: "", replyId: "", notificationId: 0 };
let ip = 0;

/** The same escaping as the light page (server/http/light-page.ts); React escapes the same characters and the apostrophe. */
const inHtml = (s: string) => [
  s,
  s.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`),
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;"),
];
const expected = (lang: Lang, kind: "notFound" | "address" | "form") => {
  const errors = serverT(lang, "errors");
  const common = serverT(lang, "common");
  if (kind === "notFound") return { title: common("errors.notFoundTitle"), message: errors("not_found") };
  return { title: errors("bad_request.title"), message: errors(`bad_request.${kind}`) };
};

type Send = { method?: string; persona?: Persona; lang: Lang; body?: string; type?: string; headers?: Record<string, string> };
/** The two sweeps below send several hundred requests each (every page × parameter × value, every form × field). */
const SWEEP_TIMEOUT_MS = 120_000;

function send(path: string, { method = "GET", persona = "visitor", lang, body, type, headers = {} }: Send) {
  const h: Record<string, string> = { "accept-language": lang, "x-test-ip": `10.66.${(++ip >> 8) % 250}.${ip % 250}`, ...headers };
  if (type) h["content-type"] = type;
  return t.request(path, { method, cookie: cookies[persona] || undefined, headers: h, body });
}

/** A refusal with its status, in the language of the address (or of Accept-Language without a prefix). */
async function expectRefusal(res: Response, status: number, lang: Lang, kind: "notFound" | "address" | "form", label: string) {
  const text = await res.text();
  expect(res.status, `${label}: ${text.slice(0, 200)}`).toBe(status);
  const { title, message } = expected(lang, kind);
  if ((res.headers.get("content-type") ?? "").includes("application/json")) {
    expect((JSON.parse(text) as { error: { message: string } }).error.message, label).toBe(message);
  } else {
    expect(text, label).toContain(`lang="${lang}"`);
    expect(
      inHtml(title).some((s) => text.includes(s)),
      `${label}: title "${title}"`,
    ).toBe(true);
  }
}

/** An answer that is not a failure of the site: a status below 500 and, for a refusal shown as a page, in the page's language. */
async function expectNoServerError(res: Response, lang: Lang, label: string) {
  const text = await res.text();
  // Soft: one run lists every place that fails.
  expect.soft(res.status, `${label}: ${text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status >= 400 && (res.headers.get("content-type") ?? "").includes("text/html")) expect(text, label).toContain(`lang="${lang}"`);
}

/** What the refused requests must not change: every table people's actions write to. */
const WATCHED = [
  "users",
  "accounts",
  "profiles",
  "company_profiles",
  "user_roles",
  "audit_log",
  "forum_categories",
  "forums",
  "forum_tags",
  "threads",
  "thread_tags",
  "posts",
  "post_revisions",
  "post_likes",
  "thread_follows",
  "user_follows",
  "reports",
  "user_bans",
  "notifications",
  "notification_preferences",
  "xp_ledger",
  "user_stats",
  "levels",
  "achievements",
  "site_settings",
];
async function fingerprint(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of WATCHED) {
    const { rows } = await t.services.database.query(
      `select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${table} x`,
    );
    out[table] = rows[0].h as string;
  }
  return out;
}

const PASSWORD = "bad-input-pass-1";

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  const db = t.services.db;
  const admin = await createUser(db, { password: PASSWORD, roles: ["Admin"] });
  const member = await createUser(db, { password: PASSWORD, username: "bad_input_member" });
  const target = await createUser(db, { password: PASSWORD, username: "bad_input_target" });
  const pending = await createCompany(db, { password: PASSWORD, verified: false });
  ids.member = member.id;
  ids.target = target.id;
  ids.targetName = target.username;
  await t.services.settings.write("forum_enabled", true, admin.id);
  await t.services.settings.write(
    "forum_posting_limits",
    {
      postIntervalSeconds: 0,
      threadIntervalSeconds: 0,
      newUserHours: 0,
      newUserPostIntervalSeconds: 0,
      newUserThreadIntervalSeconds: 0,
      newUserMaxThreads: 1000,
      newUserMaxReplies: 1000,
      duplicateWindowSeconds: 0,
    },
    admin.id,
  );
  const category = await createCategory(db, { slug: "bad-category" });
  const forum = await createForum(db, { categoryId: category.id, slug: "bad-forum" });
  const thread = await createThreadWithPosts(db, {
    forumId: forum.id,
    authorId: member.id,
    title: "Bad thread",
    replies: [{ authorId: target.id, body: "A reply" }],
  });
  ids.threadId = thread.id;
  ids.openingPostId = thread.posts[0].id;
  ids.replyId = thread.posts[1].id;
  [{ id: ids.notificationId }] = await db
    .insert(notifications)
    .values({ userId: member.id, type: "mention", actorId: target.id })
    .returning({ id: notifications.id });
  cookies.member = await signIn(t, member.email, PASSWORD);
  cookies.admin = await signIn(t, admin.email, PASSWORD);
  cookies.pending = await signIn(t, pending.email, PASSWORD);
});
afterAll(() => t.close());

// ---- Route parameters ----------------------------------------------------------------------------------

/** Every route with a parameter; `X` is where the bad value goes, `L` the language prefix. */
const PATHS: { path: string; methods: string[]; personas: Persona[] }[] = [
  { path: "/X/about", methods: ["GET"], personas: ["visitor", "member"] },
  { path: "L/u/X", methods: ["GET", "POST"], personas: ["visitor", "member"] },
  { path: "L/u/X.data", methods: ["GET", "POST"], personas: ["visitor", "member"] },
  { path: "L/company/X", methods: ["GET"], personas: ["visitor", "member"] },
  { path: "L/community/X", methods: ["GET"], personas: ["visitor", "member"] },
  { path: "L/community/X/new", methods: ["GET", "POST"], personas: ["visitor", "member"] },
  { path: "L/community/X/bad-thread", methods: ["GET", "POST"], personas: ["visitor", "member"] },
  { path: "L/community/bad-forum/X", methods: ["GET", "POST"], personas: ["visitor", "member"] },
  { path: "L/community/bad-forum/X.data", methods: ["GET", "POST"], personas: ["visitor", "member"] },
  { path: "L/auth/sso/X", methods: ["GET", "POST"], personas: ["visitor", "member"] },
  { path: "L/X", methods: ["GET", "POST"], personas: ["visitor", "member"] },
  { path: "L/account/X", methods: ["GET"], personas: ["member"] },
  { path: "L/admin/X", methods: ["GET"], personas: ["admin"] },
  { path: "/locales/X/common.json", methods: ["GET"], personas: ["visitor"] },
  { path: "/locales/en/X.json", methods: ["GET"], personas: ["visitor"] },
  { path: "/media/X", methods: ["GET"], personas: ["visitor"] },
  { path: "/media/avatars/X.webp", methods: ["GET"], personas: ["visitor"] },
  { path: "/api/v1/site/settings/X", methods: ["PUT"], personas: ["visitor", "admin"] },
  { path: "/api/v1/X", methods: ["GET", "POST"], personas: ["visitor", "member"] },
  { path: "/api/auth/X", methods: ["GET", "POST"], personas: ["visitor"] },
];

describe("control characters in a route parameter: 404, translated", () => {
  for (const { path, methods, personas } of PATHS) {
    it(path, async () => {
      for (const lang of LANGS) {
        for (const [name, bad] of BAD_IN_ADDRESS) {
          const url = path.replace("L", `/${lang}`).replace("X", `a${bad}`);
          for (const persona of personas) {
            for (const method of methods) {
              const body = method === "GET" ? undefined : method === "PUT" ? JSON.stringify({ value: true }) : "intent=follow";
              const type = method === "GET" ? undefined : method === "PUT" ? "application/json" : "application/x-www-form-urlencoded";
              await expectRefusal(
                await send(url, { method, persona, lang, body, type }),
                404,
                lang,
                "notFound",
                `${method} ${url} (${name}, ${persona})`,
              );
            }
          }
        }
      }
    });
  }

  it("ordinary odd values in the same places are answered by the pages themselves (never 5xx)", async () => {
    for (const { path, methods, personas } of PATHS) {
      for (const value of ["zz", "%25", "%C3%B1", "a.b", "%20x", "a%2Fb", "x".repeat(300)]) {
        const url = path.replace("L", "/en").replace("X", value);
        for (const persona of personas) {
          for (const method of methods) {
            const body = method === "GET" ? undefined : method === "PUT" ? JSON.stringify({ value: true }) : "intent=follow";
            const type = method === "GET" ? undefined : method === "PUT" ? "application/json" : "application/x-www-form-urlencoded";
            const res = await send(url, { method, persona, lang: "en", body, type });
            expect.soft(res.status, `${method} ${url} (${persona})`).toBeLessThan(500);
          }
        }
      }
    }
  });
});

// ---- Query parameters ----------------------------------------------------------------------------------

/** Every page that reads its query, with the names it reads; `admin` pages are tried by an Admin too. */
const QUERIES: { path: string; names: string[]; admin?: boolean }[] = [
  { path: "/", names: ["lng", "cookies", "accountDeleted"] },
  { path: "/search", names: ["q", "type", "page"] },
  { path: "/leaderboard", names: ["period", "page"] },
  { path: "/notifications", names: ["open", "filter", "page"] },
  { path: "/community", names: ["page"] },
  { path: "/community/bad-forum", names: ["page", "tag", "status", "sort"] },
  { path: "/community/bad-forum/new", names: ["x"] },
  {
    path: "/community/bad-forum/bad-thread",
    names: ["post", "page", "quote", "edit", "delete", "history", "hide", "publish", "hideThread", "reported"],
  },
  { path: "/u/bad_input_target", names: ["x"] },
  { path: "/dashboard", names: ["welcome"] },
  { path: "/account?index", names: ["checkUsername"] },
  { path: "/account/connections", names: ["linkError", "error", "linked"] },
  { path: "/account/progress", names: ["page"] },
  { path: "/account/export", names: ["x"] },
  { path: "/auth/login", names: ["redirectTo", "expired"] },
  { path: "/login", names: ["redirectTo"] },
  { path: "/auth/register", names: ["redirectTo", "role", "checkUsername"] },
  { path: "/register", names: ["redirectTo", "role", "checkUsername"] },
  { path: "/auth/code", names: ["redirectTo"] },
  { path: "/auth/reset-password", names: ["token", "error"] },
  { path: "/auth/callback", names: ["error", "verified", "changed", "redirectTo"] },
  { path: "/auth/verify-email", names: ["x"] },
  { path: "/company/verification", names: ["x"] },
  { path: "/admin/roles", names: ["q", "page"], admin: true },
  { path: "/admin/companies", names: ["status", "q", "page"], admin: true },
  { path: "/admin/mail", names: ["status", "to", "page", "id"], admin: true },
  { path: "/admin/audit", names: ["action", "actor", "target", "targetType", "from", "to", "page"], admin: true },
  { path: "/admin/forum/moderation", names: ["view", "status", "kind", "page"], admin: true },
  { path: "/admin/forum/users", names: ["q", "banned", "page"], admin: true },
  { path: "/admin/gamification/levels", names: ["level"], admin: true },
  { path: "/admin/gamification/ranking", names: ["period", "page", "q", "member", "ledgerPage", "adjusted"], admin: true },
];
const withQuery = (path: string, query: string) => `${path}${path.includes("?") ? "&" : "?"}${query}`;

describe("control characters in a query parameter: 400, translated", () => {
  for (const { path, names, admin } of QUERIES) {
    it(path, async () => {
      const personas: Persona[] = admin ? ["visitor", "member", "admin"] : ["visitor", "member"];
      for (const lang of LANGS) {
        for (const name of names) {
          for (const [label, bad] of BAD_IN_ADDRESS) {
            for (const persona of personas) {
              const url = withQuery(`/${lang}${path === "/" ? "/" : path}`, `${name}=a${bad}`);
              await expectRefusal(await send(url, { persona, lang }), 400, lang, "address", `${url} (${label}, ${persona})`);
            }
          }
        }
      }
    });
  }

  it("in a React Router data request, and in a parameter's name: 400 as JSON", async () => {
    for (const lang of LANGS) {
      await expectRefusal(
        await send(`/${lang}/search.data?q=a%00&_routes=${lang}%3Aroutes%2Fpages%2Fsearch`, { lang, persona: "member" }),
        400,
        lang,
        "address",
        "search.data",
      );
      await expectRefusal(await send(`/${lang}/leaderboard?pe%00riod=week`, { lang }), 400, lang, "address", "name");
    }
  });

  it(
    "ordinary odd values are answered by the pages themselves (never 5xx)",
    async () => {
      for (const { path, names, admin } of QUERIES) {
        for (const name of names) {
          for (const value of ["zz", "%25", "%C3%B1", "-1", "99999999999999999999", "1e309", "%20", "x".repeat(500)]) {
            const url = withQuery(`/en${path === "/" ? "/" : path}`, `${name}=${value}`);
            await expectNoServerError(await send(url, { persona: admin ? "admin" : "member", lang: "en" }), "en", url);
          }
        }
      }
    },
    SWEEP_TIMEOUT_MS,
  );
});

// ---- Form fields ---------------------------------------------------------------------------------------

/** Every page form, with a plausible body and who sends it. `multipart` forms are sent both ways. */
type FormCase = { label: string; path: string; persona: Persona; fields: () => Record<string, string>; multipart?: boolean };
const FORMS: FormCase[] = [
  // Account (a member).
  { label: "username", path: "/account?index", persona: "member", fields: () => ({ intent: "username", username: "member_renamed" }) },
  {
    label: "profile",
    path: "/account?index",
    persona: "member",
    fields: () => ({
      intent: "profile",
      bio: "Hello",
      locale: "en",
      showEmail: "on",
      link_website: "https://example.com/",
      link_youtube: "",
    }),
  },
  { label: "remove avatar", path: "/account?index", persona: "member", fields: () => ({ intent: "remove-avatar" }), multipart: true },
  { label: "unlink", path: "/account/connections", persona: "member", fields: () => ({ intent: "unlink", accountId: "no-such-account" }) },
  { label: "link", path: "/account/connections", persona: "member", fields: () => ({ intent: "link", provider: "github" }) },
  {
    label: "email",
    path: "/account/security",
    persona: "member",
    fields: () => ({ intent: "email", newEmail: "bad_input_target@example.test" }),
  },
  {
    label: "password",
    path: "/account/security",
    persona: "member",
    fields: () => ({
      intent: "password",
      currentPassword: "not-the-password",
      newPassword: "n3w-pass-word!",
      confirmPassword: "n3w-pass-word!",
    }),
  },
  { label: "revoke", path: "/account/security", persona: "member", fields: () => ({ intent: "revoke", sessionId: "no-such-session" }) },
  {
    label: "delete account",
    path: "/account/data",
    persona: "member",
    fields: () => ({ confirm: "on", password: "not-the-password", confirmUsername: "someone_else" }),
  },
  {
    label: "notification settings",
    path: "/account/notifications",
    persona: "member",
    fields: () => ({ reply: "on", mention: "on", like: "on" }),
  },
  { label: "mark read", path: "/notifications", persona: "member", fields: () => ({ intent: "read", id: String(ids.notificationId) }) },
  { label: "mark all read", path: "/notifications", persona: "member", fields: () => ({ intent: "read-all" }) },
  { label: "follow a person", path: "/u/bad_input_target", persona: "member", fields: () => ({ intent: "follow", userId: ids.target }) },
  // The forum (a member; moderation by an Admin).
  {
    label: "new thread",
    path: "/community/bad-forum/new",
    persona: "member",
    fields: () => ({ intent: "create", title: "A fine title", body: "Some words", tags: "" }),
  },
  {
    label: "new thread preview",
    path: "/community/bad-forum/new",
    persona: "member",
    fields: () => ({ intent: "preview", title: "A fine title", body: "Some **words**" }),
  },
  {
    label: "reply",
    path: "/community/bad-forum/bad-thread",
    persona: "member",
    fields: () => ({ intent: "reply", threadId: ids.threadId, body: "A reply" }),
  },
  {
    label: "reply preview",
    path: "/community/bad-forum/bad-thread",
    persona: "member",
    fields: () => ({ intent: "preview", body: "A **reply**" }),
  },
  {
    label: "edit",
    path: "/community/bad-forum/bad-thread",
    persona: "member",
    fields: () => ({ intent: "edit", postId: ids.openingPostId, title: "Bad thread", body: "Edited words", number: "1" }),
  },
  {
    label: "delete",
    path: "/community/bad-forum/bad-thread",
    persona: "member",
    fields: () => ({ intent: "delete", postId: ids.openingPostId, number: "1" }),
  },
  {
    label: "like",
    path: "/community/bad-forum/bad-thread",
    persona: "member",
    fields: () => ({ intent: "like", postId: ids.replyId, number: "2", js: "1" }),
  },
  {
    label: "follow thread",
    path: "/community/bad-forum/bad-thread",
    persona: "member",
    fields: () => ({ intent: "follow", threadId: ids.threadId }),
  },
  {
    label: "report",
    path: "/community/bad-forum/bad-thread",
    persona: "member",
    fields: () => ({ intent: "report", postId: ids.replyId, number: "2", reason: "Looks like spam to me" }),
  },
  {
    label: "accept",
    path: "/community/bad-forum/bad-thread",
    persona: "member",
    fields: () => ({ intent: "accept", postId: ids.replyId, number: "2" }),
  },
  {
    label: "pin",
    path: "/community/bad-forum/bad-thread",
    persona: "admin",
    fields: () => ({ intent: "pin", threadId: ids.threadId, reason: "Useful" }),
  },
  {
    label: "hide post",
    path: "/community/bad-forum/bad-thread",
    persona: "admin",
    fields: () => ({ intent: "hidePost", postId: ids.replyId, number: "2", reason: "Off topic" }),
  },
  {
    label: "move",
    path: "/community/bad-forum/bad-thread",
    persona: "admin",
    fields: () => ({ intent: "move", threadId: ids.threadId, forumSlug: "bad-forum" }),
  },
  // Sign-in pages (visitors; the resend form for a member).
  {
    label: "login",
    path: "/auth/login",
    persona: "visitor",
    fields: () => ({ email: "bad_input_member@example.test", password: "not-the-password", redirectTo: "/dashboard" }),
  },
  {
    label: "/login",
    path: "/login",
    persona: "visitor",
    fields: () => ({ email: "bad_input_member@example.test", password: "not-the-password" }),
  },
  {
    label: "register",
    path: "/auth/register",
    persona: "visitor",
    fields: () => ({
      username: "bad_input_new",
      email: "bad_input_member@example.test",
      password: "a-long-pass-123",
      confirmPassword: "a-long-pass-123",
      role: "creator",
      redirectTo: "/dashboard",
    }),
  },
  {
    label: "register a company",
    path: "/register",
    persona: "visitor",
    fields: () => ({
      username: "bad_input_studio",
      email: "bad_input_member@example.test",
      password: "a-long-pass-123",
      confirmPassword: "a-long-pass-123",
      role: "company",
      companyName: "Studio",
      representativeName: "Rep",
    }),
  },
  { label: "forgot password", path: "/auth/forgot-password", persona: "visitor", fields: () => ({ email: "nobody@example.test" }) },
  {
    label: "reset password",
    path: "/auth/reset-password",
    persona: "visitor",
    fields: () => ({ token: "no-such-token", password: "a-long-pass-123", confirmPassword: "a-long-pass-123" }),
  },
  { label: "sign-in code", path: "/auth/code", persona: "visitor", fields: () => ({ email: "nobody@example.test" }) },
  {
    label: "sign in with a code",
    path: "/auth/code",
    persona: "visitor",
    fields: () => ({ intent: "verify", email: "nobody@example.test", code: "123456", redirectTo: "/dashboard" }),
  },
  { label: "resend confirmation", path: "/auth/verify-email", persona: "member", fields: () => ({ intent: "resend" }) },
  { label: "single sign-on", path: "/auth/sso/github", persona: "visitor", fields: () => ({ redirectTo: "/dashboard" }) },
  // The company verification page (a pending company).
  {
    label: "company profile",
    path: "/company/verification",
    persona: "pending",
    fields: () => ({
      companyName: "Pending Studio",
      representativeName: "Rep Name",
      website: "",
      description: "We make games",
      country: "ES",
    }),
    multipart: true,
  },
  // The admin area (an Admin).
  {
    label: "grant a role",
    path: "/admin/roles",
    persona: "admin",
    fields: () => ({ intent: "grant", userId: ids.target, role: "Moderator", name: "target" }),
  },
  {
    label: "verify a company",
    path: "/admin/companies",
    persona: "admin",
    fields: () => ({ intent: "verify", companyId: "no-such-company", name: "x" }),
  },
  {
    label: "reject a company",
    path: "/admin/companies",
    persona: "admin",
    fields: () => ({ intent: "reject", companyId: "no-such-company", name: "x", reason: "Not a studio" }),
  },
  { label: "retry a mail", path: "/admin/mail", persona: "admin", fields: () => ({ intent: "retry", id: "999999" }) },
  {
    label: "announcement",
    path: "/admin/settings",
    persona: "admin",
    fields: () => ({ intent: "announcement", url: "https://example.com/news", imageUrl: "" }),
  },
  { label: "maintenance", path: "/admin/settings", persona: "admin", fields: () => ({ intent: "maintenance", password: "" }) },
  {
    label: "forum category",
    path: "/admin/forum/content",
    persona: "admin",
    fields: () => ({ intent: "create-category", slug: "bad-category", titleEs: "Categoría", titleEn: "Category" }),
  },
  {
    label: "forum tag",
    path: "/admin/forum/content",
    persona: "admin",
    fields: () => ({ intent: "create-tag", slug: "bad-tag", nameEs: "Etiqueta", nameEn: "Tag" }),
  },
  {
    label: "resolve a report",
    path: "/admin/forum/moderation",
    persona: "admin",
    fields: () => ({ intent: "resolve", reportId: "no-such-report", hide: "on" }),
  },
  {
    label: "posting limits",
    path: "/admin/forum/settings",
    persona: "admin",
    fields: () => ({
      intent: "limits",
      postIntervalSeconds: "0",
      threadIntervalSeconds: "0",
      newUserHours: "0",
      newUserPostIntervalSeconds: "0",
      newUserThreadIntervalSeconds: "0",
      newUserMaxThreads: "1000",
      newUserMaxReplies: "1000",
      duplicateWindowSeconds: "0",
    }),
  },
  {
    label: "ban",
    path: "/admin/forum/users",
    persona: "admin",
    fields: () => ({ intent: "ban", userId: ids.target, reason: "Bad input", duration: "forever" }),
  },
  { label: "unban", path: "/admin/forum/users", persona: "admin", fields: () => ({ intent: "unban", userId: ids.target }) },
  {
    label: "gamification settings",
    path: "/admin/gamification",
    persona: "admin",
    fields: () => ({
      intent: "settings",
      threadCreateXp: "10",
      postCreateXp: "5",
      likeReceivedXp: "2",
      threadCreateCap: "50",
      postCreateCap: "150",
      likeReceivedCap: "200",
      pairDailyCap: "10",
      statPointsPerLevel: "3",
    }),
  },
  {
    label: "level",
    path: "/admin/gamification/levels",
    persona: "admin",
    fields: () => ({ intent: "save-level", level: "1", titleKey: "titles.newcomer", xpRequired: "0" }),
  },
  {
    label: "achievement",
    path: "/admin/gamification/achievements",
    persona: "admin",
    fields: () => ({
      intent: "create-achievement",
      key: "bad_input",
      type: "posts",
      threshold: "999",
      rewardXp: "0",
      rarity: "Common",
      nameEs: "Mala",
      nameEn: "Bad",
    }),
  },
  {
    label: "adjust XP",
    path: "/admin/gamification/ranking",
    persona: "admin",
    fields: () => ({ intent: "adjust-xp", userId: ids.target, amount: "5", reason: "Bad input" }),
  },
  // Last: switching flags off and on again would change what the forms above meet.
  {
    label: "feature flags",
    path: "/admin/settings",
    persona: "admin",
    fields: () => ({ intent: "flags", forum_enabled: "on", analytics_enabled: "on" }),
  },
];

/** A form post as a browser sends it: URL-encoded, or multipart (with its length) for forms that carry a file. */
async function postForm(path: string, persona: Persona, lang: Lang, fields: Record<string, string>, multipart = false) {
  let body: string | Uint8Array<ArrayBuffer> = new URLSearchParams(fields).toString();
  let type = "application/x-www-form-urlencoded";
  if (multipart) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.set(k, v);
    const encoded = new Response(fd);
    type = encoded.headers.get("content-type")!;
    body = new Uint8Array(await encoded.arrayBuffer());
  }
  const length = typeof body === "string" ? Buffer.byteLength(body) : body.byteLength;
  return t.request(`/${lang}${path}`, {
    method: "POST",
    cookie: cookies[persona] || undefined,
    headers: {
      "accept-language": lang,
      "x-test-ip": `10.67.${(++ip >> 8) % 250}.${ip % 250}`,
      "content-type": type,
      "content-length": String(length),
      referer: `http://localhost:3999/${lang}${path}`,
    },
    body,
  });
}

describe("control characters in a form field: 400, translated, and nothing changes", () => {
  it("every page form, every field, as a page post and as a data request", async () => {
    const before = await fingerprint();
    for (const form of FORMS) {
      for (const multipart of form.multipart ? [false, true] : [false]) {
        for (const field of Object.keys(form.fields())) {
          for (const [name, bad] of REFUSED_IN_FORM) {
            const lang: Lang = ++ip % 2 ? "es" : "en";
            const fields = { ...form.fields(), [field]: `${form.fields()[field]}${bad}` };
            const label = `${form.label}: ${field} with ${name}${multipart ? " (multipart)" : ""}`;
            await expectRefusal(await postForm(form.path, form.persona, lang, fields, multipart), 400, lang, "form", label);
            const data = form.path.replace(/^([^?]*)/, "$1.data");
            await expectRefusal(await postForm(data, form.persona, lang, fields, multipart), 400, lang, "form", `${label} (.data)`);
          }
        }
      }
    }
    // A control character in a field's name is refused too.
    await expectRefusal(
      await postForm("/notifications", "member", "es", { intent: "read-all", "x\u0000": "1" }),
      400,
      "es",
      "form",
      "name",
    );
    expect(await fingerprint()).toEqual(before);
  });

  it("the refusal page links back to the form", async () => {
    const res = await postForm("/account?index", "member", "en", { intent: "profile", bio: "a\u0000b" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('href="/en/account?index"');
    expect(html).toContain(serverT("en", "errors")("go_back"));
  });
});

describe("tab and line breaks in a form field: ordinary text, never a 5xx", () => {
  it(
    "every page form, every field",
    async () => {
      for (const form of FORMS) {
        for (const field of Object.keys(form.fields())) {
          for (const [name, ws] of WHITESPACE_IN_FORM) {
            const lang: Lang = ++ip % 2 ? "es" : "en";
            const fields = { ...form.fields(), [field]: `${form.fields()[field]}${ws}` };
            await expectNoServerError(
              await postForm(form.path, form.persona, lang, fields, form.multipart),
              lang,
              `${form.label}: ${field} with ${name}`,
            );
          }
        }
      }
    },
    SWEEP_TIMEOUT_MS,
  );
});

describe("control characters in a form posted to the API: 400, translated", () => {
  it("the theme, cookie and maintenance forms", async () => {
    for (const [path, fields] of [
      ["/api/v1/site/theme", { theme: "dark", returnTo: "/en/about" }],
      ["/api/v1/site/consent", { choice: "all", returnTo: "/en/about" }],
      ["/api/v1/site/maintenance/unlock", { password: "pw", returnTo: "/en/about" }],
    ] as const) {
      for (const field of Object.keys(fields)) {
        for (const [name, bad] of REFUSED_IN_FORM) {
          for (const lang of LANGS) {
            const body = new URLSearchParams({ ...fields, [field]: `${fields[field as keyof typeof fields]}${bad}` }).toString();
            const res = await send(path, { method: "POST", lang, body, type: "application/x-www-form-urlencoded" });
            await expectRefusal(res, 400, lang, "form", `${path}: ${field} with ${name}`);
          }
        }
      }
    }
  });
});

// ---- The API's JSON bodies -----------------------------------------------------------------------------

describe("control characters in the API's JSON bodies: 400, translated; tab and line breaks never a 5xx", () => {
  const API: { path: string; method: string; persona: Persona; body: (bad: string) => unknown }[] = [
    { path: "/api/v1/site/theme", method: "POST", persona: "visitor", body: (bad) => ({ theme: `dark${bad}`, returnTo: `/${bad}` }) },
    { path: "/api/v1/site/consent", method: "POST", persona: "visitor", body: (bad) => ({ choice: `all${bad}`, returnTo: `/${bad}` }) },
    {
      path: "/api/v1/site/i18n-missing",
      method: "POST",
      persona: "visitor",
      body: (bad) => ({ key: `a${bad}`, ns: `common${bad}`, lng: `en${bad}` }),
    },
    { path: "/api/v1/analytics/pageview", method: "POST", persona: "visitor", body: (bad) => ({ path: `/a${bad}`, referrer: `x${bad}` }) },
    { path: "/api/v1/analytics/event", method: "POST", persona: "visitor", body: (bad) => ({ name: `a${bad}`, props: { k: `v${bad}` } }) },
    {
      path: "/api/v1/site/settings/announcement",
      method: "PUT",
      persona: "admin",
      body: (bad) => ({ value: { url: `https://example.com/${bad}`, imageUrl: "" } }),
    },
    { path: "/api/v1/site/maintenance", method: "PUT", persona: "admin", body: (bad) => ({ enabled: false, password: `pw${bad}` }) },
    {
      path: "/api/v1/site/maintenance/unlock",
      method: "POST",
      persona: "visitor",
      body: (bad) => ({ password: `pw${bad}`, returnTo: `/${bad}` }),
    },
    {
      path: "/api/auth/sign-in/email",
      method: "POST",
      persona: "visitor",
      body: (bad) => ({ email: `bad_input_member${bad}@example.test`, password: `pw${bad}` }),
    },
    {
      path: "/api/auth/sign-up/email",
      method: "POST",
      persona: "visitor",
      body: (bad) => ({ email: `new${bad}@example.test`, password: `a-long-pass-123${bad}`, name: `n${bad}` }),
    },
    {
      path: "/api/auth/request-password-reset",
      method: "POST",
      persona: "visitor",
      body: (bad) => ({ email: `nobody${bad}@example.test`, redirectTo: "/auth/reset-password" }),
    },
  ];
  for (const api of API) {
    it(`${api.method} ${api.path}`, async () => {
      const call = (bad: string, lang: Lang) =>
        send(api.path, {
          method: api.method,
          persona: api.persona,
          lang,
          type: "application/json",
          body: JSON.stringify(api.body(bad)),
          headers: { accept: "application/json" },
        });
      for (const [name, bad] of REFUSED_IN_FORM) {
        for (const lang of LANGS) await expectRefusal(await call(bad, lang), 400, lang, "form", `${api.path} with ${name}`);
      }
      for (const [name, ws] of WHITESPACE_IN_FORM) {
        const res = await call(ws, "en");
        expect(res.status, `${api.path} with ${name}: ${await res.clone().text()}`).toBeLessThan(500);
      }
    });
  }
});
