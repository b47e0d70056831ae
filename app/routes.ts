import { index, layout, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";

/**
 * Every page exists at /…, /es/… and /en/… (see the export below); the lang route signs out invalid sessions
 * and holds pending companies on their verification page. SPEC §2 decides which pages sit inside the main
 * layout and which show the side panel.
 */
const pages: RouteConfigEntry[] = [
  layout("routes/layouts/main.tsx", [
    layout("routes/layouts/with-side-panel.tsx", [
      index("routes/pages/home.tsx"),
      route("about", "routes/pages/about.tsx"),
      route("connect", "routes/pages/connect.tsx"),
      route("privacy-policy", "routes/pages/legal.tsx", { id: "privacy-policy" }),
      route("cookie-policy", "routes/pages/legal.tsx", { id: "cookie-policy" }),
      route("terms-and-conditions", "routes/pages/legal.tsx", { id: "terms-and-conditions" }),
      route("search", "routes/pages/search.tsx"),
      route("u/:username", "routes/profile/public-profile.tsx"),
      route("company/:slug", "routes/company/public-company.tsx"),
      // Creator key campaigns: the opportunities and a campaign's public page.
      route("campaigns", "routes/campaigns/list.tsx"),
      route("campaigns/:campaignId", "routes/campaigns/detail.tsx"),
      // Featured games: the list, a game's page, the offer and its form, the payment result pages.
      route("featured-games", "routes/featured/list.tsx"),
      route("games/:slug", "routes/featured/game.tsx"),
      route("collaborate", "routes/featured/collaborate.tsx"),
      route("contact", "routes/contact/contact.tsx"),
      route("payment-success", "routes/payments/success.tsx"),
      route("payment-cancelled", "routes/payments/cancelled.tsx"),
      route("promotions/unsubscribe", "routes/featured/unsubscribe.tsx"),
      // Job offers: the open ones and an offer's page with its application form.
      route("jobs", "routes/jobs/list.tsx"),
      route("jobs/:offerId", "routes/jobs/offer.tsx"),
      // Videos and the podcast: the lists and an item's page.
      route("videos", "routes/content/videos.tsx"),
      route("videos/:slug", "routes/content/video.tsx"),
      route("podcast", "routes/content/podcast.tsx"),
      route("podcast/:slug", "routes/content/episode.tsx"),
      route("account", "routes/account/layout.tsx", [
        index("routes/account/profile-tab.tsx"),
        route("connections", "routes/account/connections-tab.tsx"),
        route("security", "routes/account/security-tab.tsx"),
        route("data", "routes/account/data-tab.tsx"),
        route("notifications", "routes/account/notifications-tab.tsx"),
        route("progress", "routes/account/progress-tab.tsx"),
        route("character", "routes/account/character-tab.tsx"),
        route("inventory", "routes/account/inventory-tab.tsx"),
        route("avatar", "routes/account/avatar-tab.tsx"),
      ]),
      route("notifications", "routes/notifications.tsx"),
      // Gamification: the public leaderboard (SPEC §9).
      route("leaderboard", "routes/gamification/leaderboard.tsx"),
      route("shop", "routes/shop/shop.tsx"),
      // The arena: the queue and one's record, a match turn by turn, the leaderboards.
      route("arena", "routes/arena/arena.tsx"),
      route("arena/leaderboard", "routes/arena/leaderboard.tsx"),
      route("arena/matches/:matchId", "routes/arena/match.tsx"),
      // The forum; "new" ranks above a thread slug (a static segment beats a dynamic one).
      route("community", "routes/forum/index.tsx"),
      route("community/:forumSlug", "routes/forum/forum.tsx"),
      route("community/:forumSlug/new", "routes/forum/new-thread.tsx"),
      route("community/:forumSlug/:threadSlug", "routes/forum/thread.tsx"),
      // Episode rooms: the guest access page, the room, and a room file's download (never indexed).
      route("episode-panel/:roomId", "routes/rooms/episode-panel.tsx"),
      route("episode-panel/:roomId/join", "routes/rooms/join.tsx"),
      route("episode-panel/:roomId/files/:fileId", "routes/rooms/file.ts"),
      route("*", "routes/pages/not-found.tsx"),
    ]),
    // SPEC §2: no side panel on the resources wiki, the auth pages, the dashboard and the company area.
    route("resources", "routes/pages/resources.tsx"),
    // The wiki's generated pages: the database diagram (from the schema) and the API's endpoints (from its document).
    route("resources/database", "routes/pages/resources-database.tsx"),
    route("resources/api", "routes/pages/resources-api.tsx"),
    route("auth/login", "routes/auth/login.tsx", { id: "auth-login" }),
    route("login", "routes/auth/login.tsx", { id: "login" }),
    route("auth/register", "routes/auth/register.tsx", { id: "auth-register" }),
    route("register", "routes/auth/register.tsx", { id: "register" }),
    route("auth/callback", "routes/auth/callback.tsx"),
    route("auth/forgot-password", "routes/auth/forgot-password.tsx"),
    route("auth/reset-password", "routes/auth/reset-password.tsx"),
    route("auth/code", "routes/auth/code.tsx"),
    route("auth/verify-email", "routes/auth/verify-email.tsx"),
    route("dashboard", "routes/dashboard.tsx"),
    route("company/verification", "routes/company/verification.tsx"),
    // The creator's and the company's campaign pages (SPEC §2: outside the side panel's layout).
    route("creator/onboarding", "routes/creator/onboarding.tsx"),
    route("my-keys", "routes/creator/my-keys.tsx"),
    route("company/games", "routes/company/games.tsx"),
    route("company/games/new", "routes/company/game-new.tsx"),
    route("company/games/:gameId/edit", "routes/company/game-edit.tsx"),
    route("company/campaigns", "routes/company/campaigns.tsx"),
    route("company/campaigns/new", "routes/company/campaign-new.tsx"),
    route("company/campaigns/:campaignId", "routes/company/campaign-manage.tsx"),
  ]),
  // The sandbox payment provider's own checkout page, outside the site's layout as Stripe's is.
  route("checkout/sandbox/:paymentId", "routes/payments/sandbox-checkout.tsx"),
  // A campaign's pool as CSV (the company only).
  route("company/campaigns/:campaignId/keys.csv", "routes/company/campaign-keys-csv.ts"),
  // Form posts without a page of their own.
  route("auth/sso/:provider", "routes/auth/sso.ts"),
  route("account/export", "routes/account/export.ts"),
  // The admin area has its own chrome (SPEC §2: outside the main layout).
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/quick-view.tsx"),
    route("roles", "routes/admin/roles.tsx"),
    route("companies", "routes/admin/companies.tsx"),
    route("mail", "routes/admin/mail-log.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("announcements", "routes/admin/announcements.tsx"),
    route("translations", "routes/admin/translations.tsx"),
    route("audit", "routes/admin/audit-log.tsx"),
    // Forum admin: overview, moderation, content, settings, users; "audit" leads to the audit log.
    route("forum", "routes/admin/forum/overview.tsx"),
    route("forum/moderation", "routes/admin/forum/moderation.tsx"),
    route("forum/content", "routes/admin/forum/content.tsx"),
    route("forum/settings", "routes/admin/forum/settings.tsx"),
    route("forum/users", "routes/admin/forum/users.tsx"),
    route("forum/audit", "routes/admin/forum/audit.tsx"),
    // Gamification admin: settings, levels, achievements (Admins); ranking (Admins and Moderators).
    route("gamification", "routes/admin/gamification/settings.tsx"),
    route("gamification/levels", "routes/admin/gamification/levels.tsx"),
    route("gamification/achievements", "routes/admin/gamification/achievements.tsx"),
    route("gamification/ranking", "routes/admin/gamification/ranking.tsx"),
    // Campaigns admin: every campaign (pause with a reason), creators' channels (check, flag).
    route("campaigns", "routes/admin/campaigns.tsx"),
    route("creators", "routes/admin/creators.tsx"),
    // Featured games admin: review queue and schedule, promo codes, analytics (with exports), studio promotions.
    route("featured-games", "routes/admin/featured-games.tsx"),
    route("promo-codes", "routes/admin/promo-codes.tsx"),
    route("analytics", "routes/admin/analytics.tsx"),
    route("analytics/export", "routes/admin/analytics-export.ts"),
    route("analytics/site-export", "routes/admin/analytics-site-export.ts"),
    route("studio-promotions", "routes/admin/studio-promotions.tsx"),
    // Contact messages: personal and business tabs, a message's detail with its reply and history.
    route("contacts", "routes/admin/contacts.tsx"),
    // The avatars tab: items (create, edit, art, retire) and the render queue.
    route("avatars", "routes/admin/avatars.tsx"),
    route("contacts/:messageId", "routes/admin/contact-message.tsx"),
    // Jobs admin: the offers (create, edit, open, close) and the applications (filter, decide, the resume).
    route("jobs", "routes/admin/jobs.tsx"),
    route("applications", "routes/admin/applications.tsx"),
    route("applications/:applicationId/resume", "routes/admin/application-resume.ts"),
    // Videos and the podcast (Admins): the items, and the collaborators who appear in them.
    route("content", "routes/admin/content.tsx"),
    route("collaborators", "routes/admin/collaborators.tsx"),
    // Episode rooms: open a room, invite its guest, its status and publishing (the team: the rooms one hosts).
    route("episode-rooms", "routes/admin/episode-rooms.tsx"),
  ]),
];

/** The same pages under other route ids (React Router wants each id once). */
function withIdPrefix(entries: RouteConfigEntry[], prefix: string): RouteConfigEntry[] {
  return entries.map((e) => ({
    ...e,
    id: prefix + (e.id ?? e.file.replace(/\.[jt]sx?$/, "")),
    children: e.children ? withIdPrefix(e.children, prefix) : undefined,
  }));
}

/**
 * The language prefixes are fixed segments, each with its own copy of the pages. With one optional
 * `:lang?` segment, /u/admin could be read as "the page admin in the language u" as well as "admin's
 * profile", and React Router ranked the first reading as high or higher (an index page such as /admin scores
 * more), so a username, company or forum named like a page led to that page. A fixed "es" or "en" is never
 * taken for anything else, and any other first segment is never a language (the unprefixed not-found page
 * answers /fr/…). server/http/page-name-paths.test.ts checks every page name.
 */
export default [
  layout("routes/lang.tsx", pages),
  route("es", "routes/lang.tsx", { id: "es" }, withIdPrefix(pages, "es:")),
  route("en", "routes/lang.tsx", { id: "en" }, withIdPrefix(pages, "en:")),
] satisfies RouteConfig;
