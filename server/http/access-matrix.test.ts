import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { companyProfiles, notifications } from "#server/db/schema";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { createCompany, createUser } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { testActor } from "#tests/support/actors";
import { makeSubmission } from "#tests/support/promotions-kit";
import { makeFeaturedGame } from "#tests/support/featured-kit";

/**
 * The access matrix: every route of SPEC §2 that exists so far and every mutation, for
 * each kind of person. Expected answers: a page (200), a redirect to /login with the original location
 * ("login"), a redirect to / ("home"), to the company verification page ("verify"), or a refusal (403/401…).
 * Later issues add their routes to ROUTES (the not-built ones are listed at the end and answer 404 today).
 */
type Persona = "visitor" | "unverified" | "creator" | "pendingCompany" | "verifiedCompany" | "moderator" | "admin";
const PERSONAS: Persona[] = ["visitor", "unverified", "creator", "pendingCompany", "verifiedCompany", "moderator", "admin"];
type Answer = number | "login" | "home" | "verify" | "dashboard";

let t: TestApp;
const cookies = {} as Record<Persona, string>;
let creatorName = "";
let verifiedSlug = "";
let pendingCompanyId = "";
let targetUserId = "";
let threadId = "";
let openingPostId = "";
let creatorId = "";
let questionId = "";
let questionReplies: string[] = [];
/** A notification of a person who is none of the personas. */
let foreignNotificationId = 0;
let banTargetId = "";
/** The verified company's campaign (with keys), its game, and a campaign of another company. */
let campaignId = "";
let gameId = "";
let foreignCampaignId = "";
const noLimits = {
  postIntervalSeconds: 0,
  threadIntervalSeconds: 0,
  newUserHours: 0,
  newUserPostIntervalSeconds: 0,
  newUserThreadIntervalSeconds: 0,
  newUserMaxThreads: 100,
  newUserMaxReplies: 100,
  duplicateWindowSeconds: 0,
};

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  const db = t.services.db;
  const pw = "matrix-pass-77";
  const made = {
    unverified: await createUser(db, { password: pw, emailVerified: false }),
    // A fixed name: the "follow a person" row posts to this profile.
    creator: await createUser(db, { password: pw, username: "matrix_creator" }),
    pendingCompany: await createCompany(db, { password: pw, verified: false }),
    verifiedCompany: await createCompany(db, { password: pw, verified: true }),
    moderator: await createUser(db, { password: pw, roles: ["Moderator"] }),
    admin: await createUser(db, { password: pw, roles: ["Admin"] }),
  };
  creatorName = made.creator.username;
  verifiedSlug = made.verifiedCompany.slug;
  pendingCompanyId = made.pendingCompany.id;
  targetUserId = (await createUser(db, { password: pw })).id;
  [{ id: foreignNotificationId }] = await db
    .insert(notifications)
    .values({ userId: targetUserId, type: "mention", actorId: null })
    .returning({ id: notifications.id });
  banTargetId = (await createUser(db, { password: pw })).id;
  // The forum, switched on, with one forum, one thread and one hidden thread.
  await t.services.settings.write("forum_enabled", true, made.admin.id);
  // Access, not posting limits, is what this file checks (each persona posts twice within seconds).
  await t.services.settings.write("forum_posting_limits", noLimits, made.admin.id);
  const category = await createCategory(db, { slug: "matrix-category" });
  const forum = await createForum(db, { categoryId: category.id, slug: "matrix-forum" });
  const matrixThread = await createThreadWithPosts(db, { forumId: forum.id, authorId: made.creator.id, title: "Matrix thread" });
  threadId = matrixThread.id;
  openingPostId = matrixThread.posts[0].id;
  creatorId = made.creator.id;
  // The creator's question, with replies by someone else: to accept one, and for moderators to hide another.
  const question = await createThreadWithPosts(db, {
    forumId: forum.id,
    authorId: made.creator.id,
    title: "Matrix question",
    replies: [
      { authorId: targetUserId, body: "An answer" },
      { authorId: targetUserId, body: "Another answer" },
    ],
  });
  questionId = question.id;
  questionReplies = question.posts.slice(1).map((p) => p.id);
  await createThreadWithPosts(db, { forumId: forum.id, authorId: made.creator.id, title: "Hidden matrix thread", hidden: true });
  // Campaigns: an open campaign of the verified company, and one of another company.
  const companyOf = (u: { id: string; email: string; username: string; slug: string }) =>
    testActor({
      userId: u.id,
      email: u.email,
      username: u.username,
      profileRole: "company",
      company: { slug: u.slug, companyName: u.slug, verified: true },
    });
  const day = 86_400_000;
  const open = async (owner: ReturnType<typeof companyOf>, slug: string) => {
    const game = await t.services.campaigns.createGame(owner, {
      name: slug,
      slug,
      shortDescription: "A game",
      platforms: ["pc"],
      releaseStatus: "released",
    });
    const { id } = await t.services.campaigns.createCampaign(owner, {
      gameId: game.id,
      startsAt: new Date(Date.now() - day).toISOString(),
      endsAt: new Date(Date.now() + 30 * day).toISOString(),
      platforms: ["pc"],
      regions: ["europe"],
      coverageDays: 14,
    });
    const preview = await t.services.campaigns.previewKeyUpload(owner, {
      campaignId: id,
      text: `${slug.toUpperCase()}-KEY-1\n${slug.toUpperCase()}-KEY-2`,
    });
    await t.services.campaigns.saveKeyUpload(owner, { campaignId: id, uploadId: preview.uploadId });
    await t.services.campaigns.changeCampaignStatus(owner, { campaignId: id, status: "active" });
    return { id, gameId: game.id };
  };
  ({ id: campaignId, gameId } = await open(companyOf(made.verifiedCompany), "matrix-game"));
  foreignCampaignId = (await open(companyOf(await createCompany(db, { verified: true })), "foreign-game")).id;
  cookies.visitor = "";
  for (const [k, u] of Object.entries(made)) cookies[k as Persona] = await signIn(t, u.email, pw);
});
afterAll(() => t.close());

let ip = 0;
async function answerOf(res: Response, path: string): Promise<Answer> {
  if (res.status !== 302 && res.status !== 303) return res.status;
  const to = res.headers.get("location") ?? "";
  if (to === `/en/login?redirectTo=${encodeURIComponent(path.replace(/^\/en/, "").replace(/\?index$/, "") || "/")}`) return "login";
  if (to === "/en/" || to === "/en") return "home";
  if (to === "/en/company/verification") return "verify";
  if (to === "/en/dashboard") return "dashboard";
  return res.status;
}
const get = async (persona: Persona, path: string) =>
  answerOf(await t.request(path, { cookie: cookies[persona], headers: { "x-test-ip": `10.9.0.${++ip % 250}` } }), path);
const post = async (persona: Persona, path: string, fields: Record<string, string>) =>
  answerOf(
    await t.request(path, {
      method: "POST",
      cookie: cookies[persona],
      headers: { "content-type": "application/x-www-form-urlencoded", "x-test-ip": `10.8.0.${++ip % 250}` },
      body: new URLSearchParams(fields).toString(),
    }),
    path,
  );

/** One row per route: the answer for each persona, in PERSONAS order. */
const all = (a: Answer): Answer[] => PERSONAS.map((p) => (p === "pendingCompany" ? "verify" : a));
const signedIn = (a: Answer): Answer[] => ["login", ...all(a).slice(1)];
const ROUTES: [string, () => string, Answer[]][] = [
  ["home", () => "/en/", all(200)],
  ["about", () => "/en/about", all(200)],
  ["connect", () => "/en/connect", all(200)],
  ["privacy", () => "/en/privacy-policy", all(200)],
  ["cookies", () => "/en/cookie-policy", all(200)],
  ["terms", () => "/en/terms-and-conditions", all(200)],
  ["resources", () => "/en/resources", all(200)],
  ["search", () => "/en/search?q=x", all(200)],
  // Gamification: the leaderboard is public; a page past its end is not found.
  ["leaderboard", () => "/en/leaderboard", all(200)],
  ["leaderboard this week", () => "/en/leaderboard?period=week", all(200)],
  ["leaderboard past its end", () => "/en/leaderboard?page=99", all(404)],
  ["public profile", () => `/en/u/${creatorName}`, all(200)],
  ["unknown profile", () => "/en/u/nobody_here", all(404)],
  ["verified company", () => `/en/company/${verifiedSlug}`, all(200)],
  // Auth pages: a visitor sees them; someone signed in goes on to the dashboard (pending companies too).
  ["login", () => "/en/auth/login", [200, "dashboard", "dashboard", "dashboard", "dashboard", "dashboard", "dashboard"]],
  ["/login", () => "/en/login", [200, "dashboard", "dashboard", "dashboard", "dashboard", "dashboard", "dashboard"]],
  ["register", () => "/en/auth/register", [200, "dashboard", "dashboard", "dashboard", "dashboard", "dashboard", "dashboard"]],
  ["/register", () => "/en/register", [200, "dashboard", "dashboard", "dashboard", "dashboard", "dashboard", "dashboard"]],
  ["callback", () => "/en/auth/callback?verified=1", [200, 200, 200, 200, 200, 200, 200]],
  ["verify email", () => "/en/auth/verify-email", ["login", 200, 200, 200, 200, 200, 200]],
  ["dashboard", () => "/en/dashboard", signedIn(200)],
  ["account", () => "/en/account", signedIn(200)],
  ["account connections", () => "/en/account/connections", signedIn(200)],
  ["account security", () => "/en/account/security", signedIn(200)],
  ["account data", () => "/en/account/data", signedIn(200)],
  ["account notifications", () => "/en/account/notifications", signedIn(200)],
  // Gamification: one's own progress and XP history.
  ["account progress", () => "/en/account/progress", signedIn(200)],
  // Notifications: one's own, for anyone signed in (also before confirming the email).
  ["notifications", () => "/en/notifications", signedIn(200)],
  ["someone else's notification", () => `/en/notifications?open=${foreignNotificationId}`, signedIn(404)],
  // A download, not a page: no login redirect (401), and a pending company may take its data.
  ["account export", () => "/en/account/export", [401, 200, 200, 200, 200, 200, 200]],
  ["company verification", () => "/en/company/verification", ["login", "home", "home", 200, 200, "home", "home"]],
  // The forum: public pages; starting a thread needs a member who may post (403 explains why not).
  ["community", () => "/en/community", all(200)],
  ["forum", () => "/en/community/matrix-forum", all(200)],
  ["unknown forum", () => "/en/community/no-such-forum", all(404)],
  ["thread", () => "/en/community/matrix-forum/matrix-thread", all(200)],
  ["unknown thread", () => "/en/community/matrix-forum/no-such-thread", all(404)],
  ["hidden thread", () => "/en/community/matrix-forum/hidden-matrix-thread", [404, 404, 404, "verify", 404, 200, 200]],
  ["new thread", () => "/en/community/matrix-forum/new", ["login", 403, 200, "verify", 200, 200, 200]],
  ["admin", () => "/en/admin", ["login", "home", "home", "verify", "home", 200, 200]],
  ["admin roles", () => "/en/admin/roles", ["login", "home", "home", "verify", "home", 200, 200]],
  ["admin companies", () => "/en/admin/companies", ["login", "home", "home", "verify", "home", 200, 200]],
  ["admin audit", () => "/en/admin/audit", ["login", "home", "home", "verify", "home", 200, 200]],
  ["admin mail log", () => "/en/admin/mail", ["login", "home", "home", "verify", "home", 403, 200]],
  ["admin settings", () => "/en/admin/settings", ["login", "home", "home", "verify", "home", 403, 200]],
  ["admin announcements", () => "/en/admin/announcements", ["login", "home", "home", "verify", "home", 403, 200]],
  ["admin missing translations", () => "/en/admin/translations", ["login", "home", "home", "verify", "home", 403, 200]],
  // Forum admin: the team's tabs, and the forum's structure and settings for Admins only.
  ["admin forum overview", () => "/en/admin/forum", ["login", "home", "home", "verify", "home", 200, 200]],
  ["admin forum moderation", () => "/en/admin/forum/moderation", ["login", "home", "home", "verify", "home", 200, 200]],
  ["admin forum content", () => "/en/admin/forum/content", ["login", "home", "home", "verify", "home", 403, 200]],
  ["admin forum settings", () => "/en/admin/forum/settings", ["login", "home", "home", "verify", "home", 403, 200]],
  ["admin forum users", () => "/en/admin/forum/users?q=x", ["login", "home", "home", "verify", "home", 200, 200]],
  // A shortcut to the audit log filtered to forum actions.
  ["admin forum audit", () => "/en/admin/forum/audit", ["login", "home", "home", "verify", "home", 302, 302]],
  // Gamification admin: settings, levels and achievements for Admins; the ranking for the team.
  ["admin gamification settings", () => "/en/admin/gamification", ["login", "home", "home", "verify", "home", 403, 200]],
  ["admin gamification levels", () => "/en/admin/gamification/levels", ["login", "home", "home", "verify", "home", 403, 200]],
  ["admin gamification achievements", () => "/en/admin/gamification/achievements", ["login", "home", "home", "verify", "home", 403, 200]],
  ["admin gamification ranking", () => "/en/admin/gamification/ranking", ["login", "home", "home", "verify", "home", 200, 200]],
  // Creator key campaigns. Public: the opportunities and a campaign's page (a draft or unknown one: 404).
  ["campaigns", () => "/en/campaigns", all(200)],
  ["a campaign", () => `/en/campaigns/${campaignId}`, all(200)],
  ["unknown campaign", () => "/en/campaigns/no-such-campaign", all(404)],
  // Creators only (every persona but the companies is a creator here; the unconfirmed one is told why it is empty).
  ["creator onboarding", () => "/en/creator/onboarding", ["login", 200, 200, "verify", "home", 200, 200]],
  ["my keys", () => "/en/my-keys", ["login", 200, 200, "verify", "home", 200, 200]],
  // Companies only; another company's game or campaign is not found.
  ["company games", () => "/en/company/games", ["login", "home", "home", "verify", 200, "home", "home"]],
  ["new game", () => "/en/company/games/new", ["login", "home", "home", "verify", 200, "home", "home"]],
  ["edit game", () => `/en/company/games/${gameId}/edit`, ["login", "home", "home", "verify", 200, "home", "home"]],
  ["company campaigns", () => "/en/company/campaigns", ["login", "home", "home", "verify", 200, "home", "home"]],
  ["new campaign", () => "/en/company/campaigns/new", ["login", "home", "home", "verify", 200, "home", "home"]],
  ["manage campaign", () => `/en/company/campaigns/${campaignId}?tab=keys`, ["login", "home", "home", "verify", 200, "home", "home"]],
  [
    "another company's campaign",
    () => `/en/company/campaigns/${foreignCampaignId}`,
    ["login", "home", "home", "verify", 404, "home", "home"],
  ],
  // A download, not a page: a pending company is refused (403) rather than held on its verification page.
  ["keys CSV", () => `/en/company/campaigns/${campaignId}/keys.csv`, ["login", 403, 403, 403, 200, 403, 403]],
  ["another company's keys CSV", () => `/en/company/campaigns/${foreignCampaignId}/keys.csv`, ["login", 403, 403, 403, 404, 403, 403]],
  ["admin campaigns", () => "/en/admin/campaigns", ["login", "home", "home", "verify", "home", 200, 200]],
  ["admin creators", () => "/en/admin/creators", ["login", "home", "home", "verify", "home", 200, 200]],
  // Contact messages: the form for anyone; the Contacts tab and a message's page for the team.
  ["contact", () => "/en/contact", all(200)],
  ["admin contacts", () => "/en/admin/contacts?type=business", ["login", "home", "home", "verify", "home", 200, 200]],
  [
    "unknown contact message",
    () => "/en/admin/contacts/00000000-0000-4000-8000-000000000000",
    ["login", "home", "home", "verify", "home", 404, 404],
  ],
];

/** SPEC §2 routes whose issues come later: they do not exist yet, for anyone. */
const LATER = ["/episode-panel/x"];

describe("access matrix: pages", () => {
  for (const [name, path, expected] of ROUTES) {
    it(name, async () => {
      const got: Record<string, Answer> = {};
      for (const p of PERSONAS) got[p] = await get(p, path());
      expect(got).toEqual(Object.fromEntries(PERSONAS.map((p, i) => [p, expected[i]])));
    });
  }

  it("routes of later issues are not there yet", async () => {
    for (const path of LATER) {
      // /company/games etc. match /company/:slug today: an unknown company, 404.
      expect(await get("visitor", `/en${path}`), path).toBe(404);
      expect(await get("admin", `/en${path}`), path).toBe(404);
    }
  });
});

describe("access matrix: mutations", () => {
  const grant = (role: string) => ({ intent: "grant", userId: targetUserId, role, name: "target" });
  const MUTATIONS: [string, string | (() => string), () => Record<string, string>, Answer[]][] = [
    // Guarded pages refuse at the route (login / home), and the operation refuses again inside (403).
    // (A pending company is held on its verification page before any action runs: verify.)
    ["grant Moderator", "/en/admin/roles", () => grant("Moderator"), ["login", "home", "home", "verify", "home", 200, 200]],
    ["grant Admin", "/en/admin/roles", () => grant("Admin"), ["login", "home", "home", "verify", "home", 403, 200]],
    // A contact message's marks are the team's; the spam check refuses a post without its ticket, for anyone.
    [
      "mark a contact message read",
      "/en/admin/contacts/00000000-0000-4000-8000-000000000000",
      () => ({ intent: "read" }),
      ["login", "home", "home", "verify", "home", 404, 404],
    ],
    ["send a contact message without its ticket", "/en/contact", () => ({ name: "Matrix", message: "Hello there" }), all(422)],
    [
      "verify a company",
      "/en/admin/companies",
      () => ({ intent: "verify", companyId: "no-such-company", name: "x" }),
      ["login", "home", "home", "verify", "home", 404, 404],
    ],
    // (Before "feature flags": that form switches the forum off.)
    // SPEC §5: replying needs a login, and a member who may post; a reply lands on its post (303).
    [
      "forum reply",
      "/en/community/matrix-forum/matrix-thread",
      () => ({ intent: "reply", threadId, body: `A reply ${Math.random()}` }),
      ["login", 403, 303, "verify", 303, 303, 303],
    ],
    // The thread page's interactions: plain form posts come back to the page (303). Liking and
    // reporting one's own post are refused (403); accepting is for the thread's author and moderators;
    // moderation is for moderators and admins.
    [
      "forum like",
      "/en/community/matrix-forum/matrix-thread",
      () => ({ intent: "like", postId: openingPostId, number: "1" }),
      ["login", 403, 403, "verify", 303, 303, 303],
    ],
    [
      "forum follow thread",
      "/en/community/matrix-forum/matrix-thread",
      () => ({ intent: "follow", threadId }),
      ["login", 403, 303, "verify", 303, 303, 303],
    ],
    [
      "forum report",
      "/en/community/matrix-forum/matrix-thread",
      () => ({ intent: "report", postId: openingPostId, number: "1", reason: "Looks like spam to me" }),
      ["login", 403, 403, "verify", 303, 303, 303],
    ],
    [
      "forum accept answer",
      "/en/community/matrix-forum/matrix-question",
      () => ({ intent: "accept", postId: questionReplies[0], number: "2" }),
      ["login", 403, 303, "verify", 403, 303, 303],
    ],
    [
      "forum pin",
      "/en/community/matrix-forum/matrix-thread",
      () => ({ intent: "pin", threadId, reason: "Matrix" }),
      ["login", 403, 403, "verify", 403, 303, 303],
    ],
    [
      "forum hide post",
      "/en/community/matrix-forum/matrix-question",
      () => ({ intent: "hidePost", postId: questionReplies[1], number: "3" }),
      ["login", 403, 403, "verify", 403, 303, 303],
    ],
    [
      "forum move",
      "/en/community/matrix-forum/matrix-question",
      () => ({ intent: "move", threadId: questionId, forumSlug: "matrix-forum" }),
      ["login", 403, 403, "verify", 403, 303, 303],
    ],
    // Following a person (on their profile): never oneself (400).
    [
      "follow a person",
      "/en/u/matrix_creator",
      () => ({ intent: "follow", userId: creatorId }),
      ["login", 403, 400, "verify", 303, 303, 303],
    ],
    [
      "new thread",
      "/en/community/matrix-forum/new",
      () => ({ intent: "create", title: `Matrix thread ${Math.random()}`, body: "Opening words" }),
      ["login", 403, 303, "verify", 303, 303, 303],
    ],
    [
      "feature flags",
      "/en/admin/settings",
      () => ({ intent: "flags", analytics_enabled: "on" }),
      ["login", "home", "home", "verify", "home", 403, 200],
    ],
    [
      "clear missing translations",
      "/en/admin/translations",
      () => ({ intent: "clear-missing", lang: "all" }),
      ["login", "home", "home", "verify", "home", 403, 200],
    ],
    // Forum admin.
    [
      "forum category",
      "/en/admin/forum/content",
      () => ({ intent: "create-category", slug: `matrix-${Math.random().toString(36).slice(2, 8)}`, titleEs: "Matriz", titleEn: "Matrix" }),
      ["login", "home", "home", "verify", "home", 403, 200],
    ],
    [
      "forum tag",
      "/en/admin/forum/content",
      () => ({ intent: "create-tag", slug: `matrix-${Math.random().toString(36).slice(2, 8)}`, nameEs: "Matriz", nameEn: "Matrix" }),
      ["login", "home", "home", "verify", "home", 403, 200],
    ],
    [
      "forum posting limits",
      "/en/admin/forum/settings",
      () => ({ intent: "limits", ...Object.fromEntries(Object.entries(noLimits).map(([k, v]) => [k, String(v)])) }),
      ["login", "home", "home", "verify", "home", 403, 200],
    ],
    [
      "resolve a report",
      "/en/admin/forum/moderation",
      () => ({ intent: "resolve", reportId: "no-such-report", hide: "on" }),
      ["login", "home", "home", "verify", "home", 404, 404],
    ],
    [
      "ban a member",
      "/en/admin/forum/users",
      () => ({ intent: "ban", userId: banTargetId, reason: "Matrix ban", duration: "forever" }),
      ["login", "home", "home", "verify", "home", 200, 200],
    ],
    [
      "unban a member",
      "/en/admin/forum/users",
      () => ({ intent: "unban", userId: banTargetId }),
      ["login", "home", "home", "verify", "home", 200, 200],
    ],
    // Gamification admin: Admins only; a Moderator reads the ranking but adjusts nothing (403).
    [
      "gamification settings",
      "/en/admin/gamification",
      () => ({
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
      ["login", "home", "home", "verify", "home", 403, 200],
    ],
    [
      "gamification level",
      "/en/admin/gamification/levels",
      () => ({ intent: "save-level", level: "1", titleKey: "titles.newcomer", xpRequired: "0" }),
      ["login", "home", "home", "verify", "home", 403, 200],
    ],
    [
      "gamification achievement",
      "/en/admin/gamification/achievements",
      () => ({
        intent: "create-achievement",
        key: `matrix_${Math.random().toString(36).slice(2, 8)}`,
        type: "posts",
        threshold: "999",
        rewardXp: "0",
        rarity: "Common",
        nameEs: "Matriz",
        nameEn: "Matrix",
      }),
      ["login", "home", "home", "verify", "home", 403, 200],
    ],
    [
      "adjust XP",
      "/en/admin/gamification/ranking",
      () => ({ intent: "adjust-xp", userId: creatorId, amount: "5", reason: "Matrix adjustment" }),
      ["login", "home", "home", "verify", "home", 403, 303],
    ],
    [
      "company profile",
      "/en/company/verification",
      () => ({ companyName: "Renamed Studio", representativeName: "Rep Name" }),
      ["login", "home", "home", 200, 200, "home", "home"],
    ],
    ["profile bio", "/en/account?index", () => ({ intent: "profile", bio: "Hello there", locale: "en" }), signedIn(200)],
    // Notifications: each person settles their own; someone else's is not found (404).
    ["mark notifications read", "/en/notifications", () => ({ intent: "read-all" }), signedIn(200)],
    [
      "mark someone else's notification read",
      "/en/notifications",
      () => ({ intent: "read", id: String(foreignNotificationId) }),
      signedIn(404),
    ],
    ["notification settings", "/en/account/notifications", () => ({ reply: "on" }), signedIn(200)],
    ["resend verification", "/en/auth/verify-email", () => ({}), ["login", 200, 409, 409, 409, 409, 409]],
    // Creator key campaigns: company pages refuse others at the route (home), the operations again inside.
    [
      "add a game",
      "/en/company/games/new",
      () => ({
        name: "Matrix Game",
        slug: `matrix-${Math.random().toString(36).slice(2, 8)}`,
        shortDescription: "A game",
        platforms: "pc",
        releaseStatus: "released",
      }),
      ["login", "home", "home", "verify", 302, "home", "home"],
    ],
    [
      "start a campaign",
      "/en/company/campaigns/new",
      () => ({
        gameId,
        startsAt: "2030-01-01",
        endsAt: "2030-02-01",
        platforms: "pc",
        regions: "europe",
        coverageDays: "14",
      }),
      ["login", "home", "home", "verify", 302, "home", "home"],
    ],
    [
      "preview a key upload",
      () => `/en/company/campaigns/${campaignId}?tab=keys`,
      () => ({ intent: "preview", keysText: "MATRIX-UPLOAD-1" }),
      ["login", "home", "home", "verify", 200, "home", "home"],
    ],
    [
      "preview a key upload to another company's campaign",
      () => `/en/company/campaigns/${foreignCampaignId}?tab=keys`,
      () => ({ intent: "preview", keysText: "MATRIX-UPLOAD-1" }),
      ["login", "home", "home", "verify", 404, "home", "home"],
    ],
    [
      "trace a key",
      () => `/en/company/campaigns/${campaignId}?tab=keys`,
      () => ({ intent: "trace", key: "FOREIGN-GAME-KEY-1" }),
      ["login", "home", "home", "verify", 404, "home", "home"],
    ],
    // Requesting a key: creators only (a company is told why; the unconfirmed creator too).
    [
      "request a key",
      () => `/en/campaigns/${foreignCampaignId}`,
      () => ({ intent: "request", platform: "pc", region: "europe" }),
      ["login", 403, 409, "verify", 403, 409, 409],
    ],
    [
      "save one's channels",
      "/en/creator/onboarding",
      // A channel belongs to one account: each person states a channel of their own.
      () => ({
        rows: "1",
        "kind-0": "youtube",
        "url-0": `https://www.youtube.com/@matrix-${Math.random().toString(36).slice(2, 10)}`,
        "subscribers-0": "10",
        "averageViews-0": "5",
      }),
      ["login", 403, 200, "verify", "home", 200, 200],
    ],
    [
      "verify a channel that is not one's own",
      "/en/creator/onboarding",
      () => ({ intent: "verify", channelId: "no-such-channel" }),
      ["login", 403, 404, "verify", "home", 404, 404],
    ],
    [
      "reveal someone else's key",
      "/en/my-keys",
      () => ({ intent: "reveal", requestId: "no-such-request" }),
      ["login", 403, 404, "verify", "home", 404, 404],
    ],
    [
      "pause a campaign",
      "/en/admin/campaigns",
      () => ({ intent: "pause", campaignId: "no-such-campaign", reason: "Matrix" }),
      ["login", "home", "home", "verify", "home", 404, 404],
    ],
    [
      "check a channel",
      "/en/admin/creators",
      () => ({ intent: "review", verdict: "check", channelId: "no-such-channel" }),
      ["login", "home", "home", "verify", "home", 404, 404],
    ],
  ];
  for (const [name, path, fields, expected] of MUTATIONS) {
    it(name, async () => {
      const got: Record<string, Answer> = {};
      for (const p of PERSONAS) got[p] = await post(p, typeof path === "string" ? path : path(), fields());
      expect(got).toEqual(Object.fromEntries(PERSONAS.map((p, i) => [p, expected[i]])));
    });
  }

  it("a refused mutation says 'You do not have permission to perform this action.'", async () => {
    const res = await t.request("/en/admin/roles", {
      method: "POST",
      cookie: cookies.moderator,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(grant("Admin")).toString(),
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("You do not have permission to perform this action.");
  });

  it("nobody marked someone else's notification read", async () => {
    const [row] = await t.services.db.select().from(notifications).where(eq(notifications.id, foreignNotificationId));
    expect(row.readAt).toBeNull();
  });

  it("the pending company kept its name: only its own profile changed", async () => {
    const [row] = await t.services.db.select().from(companyProfiles).where(eq(companyProfiles.id, pendingCompanyId));
    expect(row.companyName).toBe("Renamed Studio");
  });
});

/**
 * Payments: paying is proved by the payment's unguessable id, not by a role, so the payment pages
 * answer everyone alike (a pending company is held on its verification page first); an unknown id is a 404,
 * and a choice on a finished payment is refused for everyone.
 */
describe("access matrix: payments", () => {
  const pay = { open: "", paid: "", cancelled: "" };
  beforeAll(async () => {
    t.services.promotions.useSandboxDelivery(async (body, signature) => {
      const res = await t.request("/api/v1/payments/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body,
      });
      if (!res.ok) throw new Error(`webhook answered ${res.status}`);
    });
    const checkout = async () =>
      (await t.services.promotions.openCheckout({ submissionId: (await makeSubmission(t.services.db)).id, locale: "en" })).paymentId;
    [pay.open, pay.paid, pay.cancelled] = [await checkout(), await checkout(), await checkout()];
    await t.services.promotions.completeSandboxCheckout({ paymentId: pay.paid, choice: "pay" });
    await t.services.promotions.completeSandboxCheckout({ paymentId: pay.cancelled, choice: "cancel" });
  });
  const unknown = "00000000-0000-0000-0000-000000000000";
  const PAGES: [string, () => string, Answer[]][] = [
    ["sandbox checkout", () => `/en/checkout/sandbox/${pay.open}`, [200, 200, 200, "verify", 200, 200, 200]],
    ["sandbox checkout, unknown payment", () => `/en/checkout/sandbox/${unknown}`, [404, 404, 404, "verify", 404, 404, 404]],
    ["payment success", () => `/en/payment-success?payment=${pay.paid}`, [200, 200, 200, "verify", 200, 200, 200]],
    ["payment cancelled", () => `/en/payment-cancelled?payment=${pay.cancelled}`, [200, 200, 200, "verify", 200, 200, 200]],
    ["payment result, unknown payment", () => `/en/payment-success?payment=${unknown}`, [404, 404, 404, "verify", 404, 404, 404]],
  ];
  for (const [name, path, expected] of PAGES) {
    it(name, async () => {
      const got: Record<string, Answer> = {};
      for (const p of PERSONAS) got[p] = await get(p, path());
      expect(got).toEqual(Object.fromEntries(PERSONAS.map((p, i) => [p, expected[i]])));
    });
  }
  const MUTATIONS: [string, () => string, () => Record<string, string>, Answer[]][] = [
    [
      "sandbox choice on a finished payment",
      () => `/en/checkout/sandbox/${pay.paid}`,
      () => ({ intent: "cancel" }),
      [409, 409, 409, "verify", 409, 409, 409],
    ],
    [
      "sandbox choice on an unknown payment",
      () => `/en/checkout/sandbox/${unknown}`,
      () => ({ intent: "pay" }),
      [404, 404, 404, "verify", 404, 404, 404],
    ],
    [
      "pay again for a paid payment",
      () => `/en/payment-cancelled?payment=${pay.paid}`,
      () => ({ intent: "pay-again", payment: pay.paid }),
      [409, 409, 409, "verify", 409, 409, 409],
    ],
  ];
  for (const [name, path, fields, expected] of MUTATIONS) {
    it(name, async () => {
      const got: Record<string, Answer> = {};
      for (const p of PERSONAS) got[p] = await post(p, path(), fields());
      expect(got).toEqual(Object.fromEntries(PERSONAS.map((p, i) => [p, expected[i]])));
    });
  }
});

/**
 * Featured games: the list, a game's page and /collaborate are public; the review queue is the
 * team's, with checking for Moderators and every decision, promo codes, analytics and promotional email for
 * Admins (pages refuse others at the route, the operations again inside: 403 for a Moderator); a studio's
 * consent to promotional email is the company's own; an unsubscribe link needs its signature, not a session.
 */
describe("access matrix: featured games", () => {
  let slug = "";
  beforeAll(async () => {
    slug = (await makeFeaturedGame(t.services.db, new Date(), { slug: "matrix-featured", featureType: "both" })).slug;
  });
  const team = (mod: Answer, admin: Answer): Answer[] => ["login", "home", "home", "verify", "home", mod, admin];
  const PAGES: [string, () => string, Answer[]][] = [
    ["featured games", () => "/en/featured-games", all(200)],
    ["a featured game", () => `/en/games/${slug}`, all(200)],
    ["unknown featured game", () => "/en/games/no-such-game", all(404)],
    ["collaborate", () => "/en/collaborate", all(200)],
    ["admin featured games", () => "/en/admin/featured-games", team(200, 200)],
    ["admin featured games, offer", () => "/en/admin/featured-games?tab=offer", team(403, 200)],
    ["admin promo codes", () => "/en/admin/promo-codes", team(403, 200)],
    ["admin analytics", () => "/en/admin/analytics", team(403, 200)],
    ["admin analytics export", () => "/en/admin/analytics/export?format=csv&window=7", team(403, 200)],
    ["admin site analytics export", () => "/en/admin/analytics/site-export?format=xlsx&window=7", team(403, 200)],
    ["admin studio promotions", () => "/en/admin/studio-promotions", team(403, 200)],
    ["unsubscribe with a bad link", () => "/en/promotions/unsubscribe?c=x&s=y", all(400)],
  ];
  for (const [name, path, expected] of PAGES) {
    it(name, async () => {
      const got: Record<string, Answer> = {};
      for (const p of PERSONAS) got[p] = await get(p, path());
      expect(got).toEqual(Object.fromEntries(PERSONAS.map((p, i) => [p, expected[i]])));
    });
  }
  const MUTATIONS: [string, string, () => Record<string, string>, Answer[]][] = [
    ["check a promo code", "/en/collaborate", () => ({ intent: "promo", promoCode: "NO-SUCH-CODE", featureType: "homepage" }), all(200)],
    ["check a submission", "/en/admin/featured-games", () => ({ intent: "check", submissionId: "no-such-submission" }), team(404, 404)],
    [
      "approve a submission",
      "/en/admin/featured-games",
      () => ({ intent: "approve", submissionId: "no-such-submission", featureType: "both", durationDays: "30" }),
      team(403, 404),
    ],
    [
      "reject a submission",
      "/en/admin/featured-games",
      () => ({ intent: "reject", submissionId: "no-such-submission", reason: "Matrix" }),
      team(403, 404),
    ],
    ["delete a submission", "/en/admin/featured-games", () => ({ intent: "delete", submissionId: "no-such-submission" }), team(403, 404)],
    ["end a featured game", "/en/admin/featured-games", () => ({ intent: "end", featuredGameId: "no-such-game" }), team(403, 404)],
    [
      "create a promo code",
      "/en/admin/promo-codes",
      () => ({
        intent: "create",
        code: `MATRIX${Math.random().toString(36).slice(2, 6).toUpperCase()}`,
        discountType: "percentage",
        discountValue: "10",
        maxUses: "0",
        isActive: "on",
      }),
      team(403, 200),
    ],
    [
      "send a studio promotion",
      "/en/admin/studio-promotions",
      () => ({ intent: "send", featuredGameId: "no-such-game", subject: "Matrix", message: "Matrix" }),
      team(403, 404),
    ],
    [
      "promotional email consent",
      "/en/dashboard",
      () => ({ intent: "mail-consent", agreed: "on" }),
      ["login", 403, 403, "verify", 200, 403, 403],
    ],
    ["unsubscribe with a bad link", "/en/promotions/unsubscribe", () => ({ c: "x", s: "y" }), all(400)],
  ];
  for (const [name, path, fields, expected] of MUTATIONS) {
    it(name, async () => {
      const got: Record<string, Answer> = {};
      for (const p of PERSONAS) got[p] = await post(p, path, fields());
      expect(got).toEqual(Object.fromEntries(PERSONAS.map((p, i) => [p, expected[i]])));
    });
  }
});

/**
 * Videos and the podcast: the lists and a published item's page are public; the content and collaborators tabs
 * are the Admins' (pages refuse others at the route, the operations again inside: 403 for a Moderator).
 */
describe("access matrix: videos and podcast", () => {
  const team = (mod: Answer, admin: Answer): Answer[] => ["login", "home", "home", "verify", "home", mod, admin];
  const PAGES: [string, () => string, Answer[]][] = [
    ["videos", () => "/en/videos", all(200)],
    ["unknown video", () => "/en/videos/no-such-video", all(404)],
    ["podcast", () => "/en/podcast", all(200)],
    ["unknown episode", () => "/en/podcast/no-such-episode", all(404)],
    ["admin content", () => "/en/admin/content", team(403, 200)],
    ["admin collaborators", () => "/en/admin/collaborators", team(403, 200)],
  ];
  for (const [name, path, expected] of PAGES) {
    it(name, async () => {
      const got: Record<string, Answer> = {};
      for (const p of PERSONAS) got[p] = await get(p, path());
      expect(got).toEqual(Object.fromEntries(PERSONAS.map((p, i) => [p, expected[i]])));
    });
  }
  const MUTATIONS: [string, string, () => Record<string, string>, Answer[]][] = [
    ["publish a video", "/en/admin/content", () => ({ intent: "publish", kind: "video", id: "no-such-video" }), team(403, 404)],
    ["delete an episode", "/en/admin/content", () => ({ intent: "delete", kind: "episode", id: "no-such-episode" }), team(403, 404)],
    ["add a collaborator", "/en/admin/collaborators", () => ({ intent: "create", name: "Matrix" }), team(403, 200)],
    ["delete a collaborator", "/en/admin/collaborators", () => ({ intent: "delete", id: "no-such-person" }), team(403, 404)],
  ];
  for (const [name, path, fields, expected] of MUTATIONS) {
    it(name, async () => {
      const got: Record<string, Answer> = {};
      for (const p of PERSONAS) got[p] = await post(p, path, fields());
      expect(got).toEqual(Object.fromEntries(PERSONAS.map((p, i) => [p, expected[i]])));
    });
  }
});
