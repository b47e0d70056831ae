import { openDatabase, type DatabaseHandle } from "./db/client";
import { seedDemoData } from "./db/seed";
import type { Env } from "./env";
import { createAuth, type Auth } from "./platform/auth";
import { startJobs, type Jobs } from "./platform/jobs";
import type { Logger } from "./platform/logger";
import { Mailer } from "./platform/mail";
import { Storage } from "./platform/storage";
import { closeImagePool } from "./platform/images";
import { RateLimiter } from "./platform/rate-limit";
import { bootstrapAdmin } from "./modules/accounts/bootstrap-admin";
import { createAuthFlows, type AuthFlows } from "./modules/accounts/auth";
import { loadDashboard, type DashboardData } from "./modules/accounts/load-dashboard";
import type { Actor } from "./modules/accounts/actor";
import { createAccountsModule, type AccountsModule } from "./modules/accounts";
import { SettingsStore } from "./modules/site/settings";
import { loadSidePanel, type SidePanelData } from "./modules/site/side-panel";
import { loadHomeHighlights, type HomeHighlights } from "./modules/site/home-highlights";
import { keptRead } from "./platform/kept-read";
import { ensureRoles } from "#server/db/factories";
import { createAdminService, type AdminService } from "./modules/admin";
import { EventBus } from "./platform/events";
import { createForumModule, type ForumModule } from "./modules/forum";
import { postRenderer } from "./modules/forum/render-post";
import { createNotificationsModule, type NotificationsModule } from "./modules/notifications";
import { createSearchModule, type SearchModule } from "./modules/search";
import { createInProcessRealtime, createPostgresRealtime, type Realtime } from "./platform/realtime";
import { createGamificationModule, type GamificationModule } from "./modules/gamification";
import { createCampaignsModule, type CampaignsModule } from "./modules/campaigns";
import { createSecretBox } from "./platform/secret-box";
import { subscribeCampaignNotifications } from "./modules/notifications/campaigns";
import { coverageReminderSender } from "./modules/notifications/campaign-mail";
import { createPromotionsModule, registerPromotionsJobs, type PromotionsModule } from "./modules/promotions";
import { createPaymentProvider, logPaymentsMode } from "./platform/payments";
import { createOembedLookup } from "./platform/youtube-oembed";
import { createChannelPageLookup } from "./platform/youtube-channel";
import { sign } from "./platform/signing";

/** Everything a loader, action, API route or job needs, built once at start. */
export type Services = {
  env: Env;
  log: Logger;
  database: DatabaseHandle;
  db: DatabaseHandle["db"];
  settings: SettingsStore;
  rateLimiter: RateLimiter;
  auth: Auth;
  /** The signed-in home's data (what to do next, by role). */
  dashboard: (actor: Actor) => Promise<DashboardData>;
  /** Registration, sign-in, recovery, codes and single sign-on, with their rate limits. */
  authFlows: AuthFlows;
  mailer: Mailer;
  storage: Storage;
  jobs: Jobs;
  /** Profiles and the /account area (issue 3): the accounts operations, bound to these services. */
  accounts: AccountsModule;
  /** The side panel's cards (SPEC §2), read by the root loader for every page that shows it. */
  sidePanel: () => Promise<SidePanelData>;
  /** The home page's newest threads and top members (the same for everyone, kept like the side panel). */
  homeHighlights: () => Promise<HomeHighlights>;
  admin: AdminService;
  /** In-process domain events (thread.created, post.created, likes, accepted answers, hidden content). */
  events: EventBus;
  /** The community forum (issue 4): categories, threads, posts, with their permissions and posting limits. */
  forum: ForumModule;
  /** Notifications written by listeners of the forum's events; list, mark read, per-type settings. */
  notifications: NotificationsModule;
  /** Site search (/search): the forum's threads and posts now, later areas add their providers. */
  search: SearchModule;
  /** Live messages to people's open pages (`user:<id>`): in-process, or through LISTEN/NOTIFY on PostgreSQL. */
  realtime: Realtime;
  /** Gamification (issue 5): XP ledger, levels, achievements, leaderboards, fed by the forum's events. */
  gamification: GamificationModule;
  /** Creator key campaigns (issue 14): company games, campaigns, key pools, requests, coverage. */
  campaigns: CampaignsModule;
  /** Featured games (issue 15): submissions, promo codes, payments, review, schedule, game analytics, studio promotions. */
  promotions: PromotionsModule;
  close(): Promise<void>;
};

export async function createServices(env: Env, log: Logger, opts: { database?: DatabaseHandle } = {}): Promise<Services> {
  const database = opts.database ?? (await openDatabase({ url: env.databaseUrl, dataDir: env.dataDir, poolSize: env.databasePoolSize }));
  await database.migrate();
  log.info("database ready", { kind: database.kind });
  const db = database.db;
  await ensureRoles(db);
  if (env.seedDemo && (await seedDemoData(db, log, { gameKeysSecret: env.gameKeysSecret, uploadsDir: env.uploadsDir })))
    log.info("demo data created on the empty database");

  const rateLimiter = new RateLimiter(db);
  const jobs = await startJobs(database, log, env.jobs);
  await jobs.every("rate-limits.purge", "*/15 * * * *", () => rateLimiter.purgeExpired());

  const mailer = new Mailer(db, env, log);
  await jobs.every("mail.retry", "*/5 * * * *", () => mailer.retryFailed());
  const auth = createAuth(env, { db, mailer, log });
  if (env.bootstrapAdmin) await bootstrapAdmin({ db, log }, env.bootstrapAdmin);

  const settings = new SettingsStore(db);
  const storage = new Storage(env.uploadsDir);
  const events = new EventBus(log.child({ area: "events" }));
  // On PostgreSQL every instance LISTENs, so a message published on one reaches sockets open on another.
  const realtimeLog = log.child({ area: "realtime" });
  const realtime =
    database.kind === "postgresql" && env.databaseUrl
      ? await createPostgresRealtime({ url: env.databaseUrl, query: database.query, log: realtimeLog })
      : createInProcessRealtime(realtimeLog);
  const gamification = createGamificationModule({
    db,
    settings,
    events,
    jobs,
    now: () => new Date(),
    log: log.child({ area: "gamification" }),
  });
  // PGlite serialises every query: its job queue is polled less often (as in platform/jobs.ts).
  await gamification.start({ pollingIntervalSeconds: database.kind === "pglite" ? 30 : 5 });
  const forum = createForumModule({ db, settings, events, renderMarkdown: postRenderer(db), now: () => new Date(), log });
  const campaigns = createCampaignsModule({
    db,
    events,
    keys: createSecretBox(env.gameKeysSecret, "campaign-keys"),
    storage,
    mailer,
    renderMarkdown: postRenderer(db),
    baseUrl: env.baseUrl,
    channelPages: createChannelPageLookup(env.youtubeChannelUrl),
    rateLimiter,
    now: () => new Date(),
    log: log.child({ area: "campaigns" }),
  });
  // A campaign past its end date finishes on its own (issue 14).
  await jobs.every("campaigns.finish", "*/5 * * * *", () => campaigns.finishEndedCampaigns());
  // Issue 14 (notices): a creator hears of every decision on their key requests (bell and email), and is
  // reminded once by email a few days before a claimed key's coverage deadline (hourly, each reminder claimed once).
  const campaignMail = { db, mailer, siteName: env.siteName, baseUrl: env.baseUrl, log: log.child({ area: "notifications" }) };
  subscribeCampaignNotifications({ ...campaignMail, events, realtime, now: () => new Date() });
  await jobs.every("campaigns.coverage-reminders", "15 * * * *", () =>
    campaigns.sendCoverageReminders(coverageReminderSender(campaignMail)),
  );
  // Production without Stripe's keys takes no payments unless PAYMENTS_SANDBOX=true: said once here.
  logPaymentsMode(env, log.child({ area: "promotions" }));
  const promotionsDeps = {
    db,
    events,
    settings,
    storage,
    mailer,
    jobs,
    rateLimiter,
    payments: createPaymentProvider(env),
    oembed: createOembedLookup(env.youtubeOembedUrl),
    renderMarkdown: postRenderer(db),
    linkSecret: sign(env.authSecret, "promotions.links", "key"),
    siteName: env.siteName,
    baseUrl: env.baseUrl,
    now: () => new Date(),
    log: log.child({ area: "promotions" }),
  };
  const promotions = createPromotionsModule(promotionsDeps);
  await registerPromotionsJobs(promotionsDeps, jobs);
  return {
    env,
    log,
    database,
    db,
    settings,
    sidePanel: keptRead(() => loadSidePanel(settings, db, gamification), { ttlMs: env.sidePanelCacheSeconds * 1000, events, settings }),
    homeHighlights: keptRead(() => loadHomeHighlights(settings, forum, gamification), {
      ttlMs: env.sidePanelCacheSeconds * 1000,
      events,
      settings,
    }),
    rateLimiter,
    auth,
    dashboard: (actor) => loadDashboard(db, actor),
    authFlows: createAuthFlows({ auth, db, rateLimiter, env, log, mailer }),
    mailer,
    storage,
    accounts: createAccountsModule({ db, auth, storage, log }),
    jobs,
    admin: createAdminService({ db, mailer, settings, log, env, storage }),
    events,
    forum,
    notifications: createNotificationsModule({ db, events, realtime, now: () => new Date(), log: log.child({ area: "notifications" }) }),
    realtime,
    search: createSearchModule({ db, settings, now: () => new Date() }),
    gamification,
    campaigns,
    promotions,
    async close() {
      await realtime.close();
      // Thread views wait up to a few seconds in memory (forum/thread-views.ts): write them before the database closes.
      await forum.flushViews().catch((err: unknown) => log.error("thread views not flushed", { err }));
      // The image workers (platform/images): a job still running is failed, not waited for.
      await closeImagePool();
      await jobs.stop().catch((err) => log.error("jobs did not stop cleanly", { err }));
      await database.close();
    },
  };
}
