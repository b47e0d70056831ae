import { and, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import { z } from "zod";
import { CAMPAIGN_LIMITS, CAMPAIGN_STATUSES } from "#shared/campaigns";
import { channelKey } from "#shared/channel-key";
import {
  campaignKeys,
  campaigns,
  companyGames,
  companyProfiles,
  creatorChannels,
  creatorRequests,
  profiles,
  users,
} from "#server/db/schema";
import { isUniqueViolation } from "#server/db/unique-violation";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { PendingEvents } from "#server/platform/events";
import { CAMPAIGNS_PAGE_SIZE, parseInput, type CampaignsDeps } from "./deps";
import { idField, reasonField } from "./input";
import { assertCan, teamAbilities } from "./policy";

const listInput = z.object({
  status: z.enum(CAMPAIGN_STATUSES).optional().catch(undefined),
  q: z.string().trim().max(100).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/** The admin campaigns tab: every company's campaigns, newest first, by status and by game or company name. */
export async function listAllCampaigns(deps: Pick<CampaignsDeps, "db">, actor: Actor, input: unknown) {
  assertCan(actor, "campaign.list_all");
  const { status, q, page } = listInput.parse(input ?? {});
  const like = q ? `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const where = and(
    status ? eq(campaigns.status, status) : undefined,
    like ? or(ilike(companyGames.name, like), ilike(companyProfiles.companyName, like)) : undefined,
  );
  const rows = await deps.db
    .select({
      id: campaigns.id,
      status: campaigns.status,
      startsAt: campaigns.startsAt,
      endsAt: campaigns.endsAt,
      pausedByAdmin: campaigns.pausedByAdmin,
      pauseReason: campaigns.pauseReason,
      gameName: companyGames.name,
      companyName: companyProfiles.companyName,
      companySlug: companyProfiles.slug,
      keysAvailable: sql<number>`(select count(*)::int from ${campaignKeys} where ${campaignKeys.campaignId} = ${campaigns.id} and ${campaignKeys.status} = 'available')`,
      requests: sql<number>`(select count(*)::int from ${creatorRequests} where ${creatorRequests.campaignId} = ${campaigns.id})`,
    })
    .from(campaigns)
    .innerJoin(companyGames, eq(companyGames.id, campaigns.gameId))
    .innerJoin(companyProfiles, eq(companyProfiles.id, campaigns.companyId))
    .where(where)
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(CAMPAIGNS_PAGE_SIZE)
    .offset((page - 1) * CAMPAIGNS_PAGE_SIZE);
  const [{ total }] = await deps.db
    .select({ total: count() })
    .from(campaigns)
    .innerJoin(companyGames, eq(companyGames.id, campaigns.gameId))
    .innerJoin(companyProfiles, eq(companyProfiles.id, campaigns.companyId))
    .where(where);
  const pageCount = Math.max(1, Math.ceil(total / CAMPAIGNS_PAGE_SIZE));
  return { rows, total, page, pageCount, status: status ?? null, q: q ?? "", can: teamAbilities(actor) };
}

const pauseInput = z.object({ campaignId: idField, reason: reasonField(CAMPAIGN_LIMITS.pauseReasonMax) });
const liftInput = z.object({ campaignId: idField });

/**
 * The team pauses any active campaign with a reason the company sees; the company cannot resume it
 * until the team lifts the pause. Written to the audit log.
 */
export async function adminPauseCampaign(deps: Pick<CampaignsDeps, "db" | "events" | "now">, actor: Actor, input: unknown) {
  assertCan(actor, "campaign.admin_pause");
  const { campaignId, reason } = parseInput(pauseInput, input);
  const events = new PendingEvents();
  await deps.db.transaction(async (tx) => {
    const [c] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for("update");
    if (!c) throw new DomainError("campaigns.not_found");
    if (c.status === "finished" || c.status === "draft")
      throw new DomainError("campaigns.status_transition", { from: c.status, to: "paused" });
    const now = deps.now();
    await tx
      .update(campaigns)
      .set({ status: "paused", pausedByAdmin: true, pauseReason: reason, updatedAt: now })
      .where(eq(campaigns.id, campaignId));
    await recordAudit(tx, actor, { action: "campaigns.paused", targetType: "campaign", targetId: campaignId, reason });
    events.add("campaign.changed", { campaignId, companyId: c.companyId, status: "paused", at: now });
  });
  await deps.events.publishAll(events.list);
}

/** The team lifts its pause: the campaign stays paused, and its company may open it again. */
export async function adminLiftPause(deps: Pick<CampaignsDeps, "db" | "events" | "now">, actor: Actor, input: unknown) {
  assertCan(actor, "campaign.admin_pause");
  const { campaignId } = parseInput(liftInput, input);
  const events = new PendingEvents();
  await deps.db.transaction(async (tx) => {
    const [c] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for("update");
    if (!c) throw new DomainError("campaigns.not_found");
    if (!c.pausedByAdmin) throw new DomainError("campaigns.not_paused_by_team");
    const now = deps.now();
    await tx.update(campaigns).set({ pausedByAdmin: false, pauseReason: null, updatedAt: now }).where(eq(campaigns.id, campaignId));
    await recordAudit(tx, actor, { action: "campaigns.pause_lifted", targetType: "campaign", targetId: campaignId });
    events.add("campaign.changed", { campaignId, companyId: c.companyId, status: c.status, at: now });
  });
  await deps.events.publishAll(events.list);
}

const creatorsInput = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  show: z.enum(["all", "unchecked", "flagged"]).catch("all"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/** The admin creators tab: creators with channels, their stated figures, and what the team checked or flagged. */
export async function listCreators(deps: Pick<CampaignsDeps, "db">, actor: Actor, input: unknown) {
  assertCan(actor, "creator.list");
  const { q, show, page } = creatorsInput.parse(input ?? {});
  const like = q ? `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const channelFilter =
    show === "flagged"
      ? sql`exists (select 1 from ${creatorChannels} c where c.user_id = ${profiles.id} and c.flagged_at is not null)`
      : show === "unchecked"
        ? sql`exists (select 1 from ${creatorChannels} c where c.user_id = ${profiles.id} and c.checked_at is null and c.flagged_at is null)`
        : sql`exists (select 1 from ${creatorChannels} c where c.user_id = ${profiles.id})`;
  const where = and(
    eq(profiles.role, "creator"),
    channelFilter,
    like ? or(ilike(profiles.username, like), ilike(users.email, like)) : undefined,
  );
  const people = await deps.db
    .select({ id: profiles.id, username: profiles.username, email: users.email, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(where)
    .orderBy(profiles.username)
    .limit(CAMPAIGNS_PAGE_SIZE)
    .offset((page - 1) * CAMPAIGNS_PAGE_SIZE);
  const [{ total }] = await deps.db.select({ total: count() }).from(profiles).innerJoin(users, eq(users.id, profiles.id)).where(where);
  const ids = people.map((p) => p.id);
  const channels = ids.length
    ? await deps.db
        .select()
        .from(creatorChannels)
        .where(sql`${creatorChannels.userId} = any(${sql.param(ids)}::text[])`)
        .orderBy(creatorChannels.createdAt, creatorChannels.url)
    : [];
  return {
    q: q ?? "",
    show,
    page,
    total,
    pageCount: Math.max(1, Math.ceil(total / CAMPAIGNS_PAGE_SIZE)),
    can: teamAbilities(actor),
    creators: people.map((p) => ({ ...p, channels: channels.filter((c) => c.userId === p.id) })),
  };
}

const reviewInput = z.discriminatedUnion("verdict", [
  z.object({ channelId: idField, verdict: z.literal("check") }),
  z.object({ channelId: idField, verdict: z.literal("flag"), reason: reasonField(CAMPAIGN_LIMITS.pauseReasonMax) }),
  z.object({ channelId: idField, verdict: z.literal("clear") }),
]);

/**
 * The team reviews a creator's channel: checked (the stated figures were looked at and hold), flagged (it does
 * not count towards any campaign's minimums, with a reason), or cleared back to unreviewed. Audited. A channel
 * migration 0013 left without its key (declared earlier by another account) takes its key back when checked
 * or cleared, which the unique index refuses while the other account holds it (`campaigns.channel_claimed`).
 */
export async function reviewChannel(deps: Pick<CampaignsDeps, "db" | "now">, actor: Actor, input: unknown) {
  assertCan(actor, "creator.review");
  const data = parseInput(reviewInput, input);
  await deps.db
    .transaction(async (tx) => {
      const [c] = await tx.select().from(creatorChannels).where(eq(creatorChannels.id, data.channelId)).for("update");
      if (!c) throw new DomainError("not_found");
      const now = deps.now();
      const key = c.channelKey ?? (data.verdict === "flag" ? null : channelKey(c.url));
      const set =
        data.verdict === "check"
          ? { checkedAt: now, checkedBy: actor.userId, flaggedAt: null, flagReason: null, channelKey: key }
          : data.verdict === "flag"
            ? { flaggedAt: now, flagReason: data.reason, checkedAt: null, checkedBy: null }
            : { flaggedAt: null, flagReason: null, checkedAt: null, checkedBy: null, channelKey: key };
      await tx.update(creatorChannels).set(set).where(eq(creatorChannels.id, c.id));
      await recordAudit(tx, actor, {
        action: `campaigns.channel_${data.verdict}`,
        targetType: "user",
        targetId: c.userId,
        targetName: c.url,
        reason: data.verdict === "flag" ? data.reason : null,
      });
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err, "creator_channels_key_idx")) throw new DomainError("campaigns.channel_claimed");
      throw err;
    });
}
