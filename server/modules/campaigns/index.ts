import type { Actor } from "#server/modules/accounts/actor";
import { campaignsAdminCounters } from "./admin-counters";
import { defineArea } from "#server/modules/area";
import { CAMPAIGNS_ERRORS } from "./errors";
import { CAMPAIGNS_ACTIONS, can as canCampaigns, CAMPAIGNS_CASES } from "./policy";
import { postRenderer } from "#server/modules/forum";
import { createChannelPageLookup } from "#server/platform/youtube-channel";
import { createSecretBox } from "#server/platform/secret-box";
import { campaignsExportSection } from "./export-section";
import { coverageReminderSender } from "./notice-mail";
import { subscribeCampaignNotifications } from "./notices";
import { campaignsSearch } from "./search-provider";
import { campaignSitemapEntries } from "./sitemap-entries";
import { campaignsDashboard } from "./dashboard";
import { changeCampaignStatus } from "./change-campaign-status";
import { companyListing } from "./company-listing";
import { listCompanyCampaigns, manageCampaign } from "./company-campaigns";
import { sendCoverageReminders, type CoverageReminder } from "./coverage-reminders";
import { createCampaign } from "./create-campaign";
import { createGame } from "./create-game";
import { addCoverage, myKeys, removeCoverage, revealKey } from "./creator-keys";
import { approveRequests, rejectRequests } from "./decide-requests";
import type { CampaignsDeps } from "./deps";
import { finishEndedCampaigns } from "./finish-ended-campaigns";
import { discardKeyUpload, previewKeyUpload, saveKeyUpload } from "./key-upload";
import { getCompanyGame, listCompanyGames } from "./list-company-games";
import { exportKeys, revokeKeys, traceKey } from "./manage-keys";
import { channelAbilities } from "./policy";
import { getPublicCampaign, listOpenCampaigns } from "./public-campaigns";
import { requestKey } from "./request-key";
import { listOwnChannels, saveChannels } from "./save-channels";
import { setGameCover } from "./set-game-cover";
import { adminLiftPause, adminPauseCampaign, listAllCampaigns, listCreators, reviewChannel } from "./team";
import { updateCampaign } from "./update-campaign";
import { updateGame } from "./update-game";
import { verifyChannel } from "./verify-channel";

export type { CampaignsDeps } from "./deps";
export type { CoverageReminder } from "./coverage-reminders";
export { CAMPAIGNS_ACTIONS, can as canCampaigns, type CampaignsAction } from "./policy";

/**
 * Creator key campaigns, as route modules reach it (`context.services.campaigns`): every operation
 * bound to its dependencies, each still taking the actor and checking its permission itself.
 */
export function createCampaignsService(deps: CampaignsDeps) {
  return {
    // A company's games.
    listCompanyGames: (actor: Actor) => listCompanyGames(deps, actor),
    getCompanyGame: (actor: Actor, input: { gameId: string }) => getCompanyGame(deps, actor, input),
    createGame: (actor: Actor, input: unknown) => createGame(deps, actor, input),
    updateGame: (actor: Actor, input: unknown) => updateGame(deps, actor, input),
    setGameCover: (actor: Actor, input: { gameId: string; bytes: Uint8Array }) => setGameCover(deps, actor, input),
    // A company's campaigns.
    listCompanyCampaigns: (actor: Actor) => listCompanyCampaigns(deps, actor),
    manageCampaign: (actor: Actor, input: unknown) => manageCampaign(deps, actor, input),
    createCampaign: (actor: Actor, input: unknown) => createCampaign(deps, actor, input),
    updateCampaign: (actor: Actor, input: unknown) => updateCampaign(deps, actor, input),
    changeCampaignStatus: (actor: Actor, input: unknown) => changeCampaignStatus(deps, actor, input),
    // Key pools.
    previewKeyUpload: (actor: Actor, input: unknown) => previewKeyUpload(deps, actor, input),
    saveKeyUpload: (actor: Actor, input: unknown) => saveKeyUpload(deps, actor, input),
    discardKeyUpload: (actor: Actor, input: unknown) => discardKeyUpload(deps, actor, input),
    revokeKeys: (actor: Actor, input: unknown) => revokeKeys(deps, actor, input),
    exportKeys: (actor: Actor, input: { campaignId: string }) => exportKeys(deps, actor, input),
    traceKey: (actor: Actor, input: unknown) => traceKey(deps, actor, input),
    // Requests and decisions.
    requestKey: (actor: Actor, input: unknown) => requestKey(deps, actor, input),
    approveRequests: (actor: Actor, input: unknown) => approveRequests(deps, actor, input),
    rejectRequests: (actor: Actor, input: unknown) => rejectRequests(deps, actor, input),
    // Creators.
    listOwnChannels: (actor: Actor) => listOwnChannels(deps, actor),
    saveChannels: (actor: Actor, input: unknown) => saveChannels(deps, actor, input),
    verifyChannel: (actor: Actor, input: unknown) => verifyChannel(deps, actor, input),
    /** What /creator/onboarding may offer this person (its loader sends it). */
    channelAbilities: (actor: Actor) => channelAbilities(actor),
    myKeys: (actor: Actor) => myKeys(deps, actor),
    revealKey: (actor: Actor, input: unknown) => revealKey(deps, actor, input),
    addCoverage: (actor: Actor, input: unknown) => addCoverage(deps, actor, input),
    removeCoverage: (actor: Actor, input: unknown) => removeCoverage(deps, actor, input),
    // Public pages.
    listOpenCampaigns: (actor: Actor, input: unknown) => listOpenCampaigns(deps, actor, input),
    getPublicCampaign: (actor: Actor, input: { campaignId: string }) => getPublicCampaign(deps, actor, input),
    companyListing: (input: { companyId: string }) => companyListing(deps, input),
    dashboard: (actor: Actor) => campaignsDashboard(deps, actor),
    // The team.
    listAllCampaigns: (actor: Actor, input: unknown) => listAllCampaigns(deps, actor, input),
    adminPauseCampaign: (actor: Actor, input: unknown) => adminPauseCampaign(deps, actor, input),
    adminLiftPause: (actor: Actor, input: unknown) => adminLiftPause(deps, actor, input),
    listCreators: (actor: Actor, input: unknown) => listCreators(deps, actor, input),
    reviewChannel: (actor: Actor, input: unknown) => reviewChannel(deps, actor, input),
    // Jobs.
    finishEndedCampaigns: () => finishEndedCampaigns(deps),
    sendCoverageReminders: (send: (r: CoverageReminder) => Promise<void>) => sendCoverageReminders(deps, send),
  };
}
export type CampaignsService = ReturnType<typeof createCampaignsService>;

declare module "#server/modules/area" {
  interface AreaServices {
    campaigns: CampaignsService;
  }
}

/** Creator key campaigns: company games, campaigns, key pools, requests, coverage, and their notices. */
export const campaignsArea = defineArea({
  name: "campaigns",
  deps: (ctx): CampaignsDeps => ({
    db: ctx.db,
    events: ctx.events,
    keys: createSecretBox(ctx.env.gameKeysSecret, "campaign-keys"),
    storage: ctx.storage,
    mailer: ctx.mailer,
    renderMarkdown: postRenderer(ctx.db),
    baseUrl: ctx.env.baseUrl,
    channelPages: createChannelPageLookup(ctx.env.youtubeChannelUrl),
    rateLimiter: ctx.rateLimiter,
    now: ctx.now,
    log: ctx.log.child({ area: "campaigns" }),
  }),
  service: createCampaignsService,
  async start(_deps, campaigns, ctx) {
    // A campaign past its end date finishes on its own.
    await ctx.jobs.every("campaigns.finish", "*/5 * * * *", () => campaigns.finishEndedCampaigns());
    // A creator hears of every decision on their key requests (bell and email), and is reminded once by email a few
    // days before a claimed key's coverage deadline (hourly, each reminder claimed once).
    const mail = {
      db: ctx.db,
      mailer: ctx.mailer,
      siteName: ctx.env.siteName,
      baseUrl: ctx.env.baseUrl,
      log: ctx.log.child({ area: "notifications" }),
    };
    subscribeCampaignNotifications({ ...mail, events: ctx.events, realtime: ctx.realtime, now: ctx.now });
    await ctx.jobs.every("campaigns.coverage-reminders", "15 * * * *", () => campaigns.sendCoverageReminders(coverageReminderSender(mail)));
  },
  errors: CAMPAIGNS_ERRORS,
  adminCounters: campaignsAdminCounters,
  policy: { actions: CAMPAIGNS_ACTIONS, can: canCampaigns, cases: CAMPAIGNS_CASES },
  search: [campaignsSearch],
  sitemap: ({ db, now }) => campaignSitemapEntries(db, now),
  // Channels, requests, coverage and reveals (a creator), games and campaigns (a company); never a key's value.
  exportSection: campaignsExportSection,
});
