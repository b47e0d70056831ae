import type { AppLoadContext } from "react-router";
import { formatDate } from "#app/i18n/format";
import { pageErrorFor } from "#app/lib/page-error.server";
import type { Actor } from "#server/modules/accounts/actor";
import type { Locale } from "#shared/locales";
import { isoDay, type CampaignValues } from "./campaign-form";
import type { ManageTabName } from "./ui";
import { CAMPAIGNS_PAGE_SIZE } from "#shared/campaigns";

const DAY = { dateStyle: "medium" } as const;

/**
 * /company/campaigns/{id}: the campaign's header and the tab its address names, shaped for the page (dates
 * written in the page's language, only the fields each tab shows). Key values are never part of it.
 */
export async function manageView(context: AppLoadContext, actor: NonNullable<Actor>, campaignId: string, url: URL) {
  const locale = context.locale as Locale;
  const q = url.searchParams;
  const m = await context.services.campaigns
    .manageCampaign(actor, { campaignId, tab: q.get("tab") ?? "details", status: q.get("status") ?? undefined, page: q.get("page") ?? 1 })
    .catch(pageErrorFor);
  const day = (d: Date | null | undefined) => (d ? formatDate(d, locale, DAY) : null);
  const c = m.campaign;
  const header = {
    id: c.id,
    gameName: m.gameName,
    status: c.status,
    dates: { start: day(c.startsAt)!, end: day(c.endsAt)! },
    pauseReason: c.pausedByAdmin ? (c.pauseReason ?? "") : null,
    next: [...m.next],
    can: m.can,
    tab: m.tab as ManageTabName,
    page: m.page,
    pageCount: Math.max(1, Math.ceil(m.total / CAMPAIGNS_PAGE_SIZE)),
    requestCounts: m.requestCounts,
    regions: c.regions,
  };

  if ("requests" in m) {
    return {
      ...header,
      view: "requests" as const,
      statusFilter: m.status,
      requests: m.requests.map((r) => ({
        id: r.id,
        status: r.status,
        username: r.username,
        creatorId: r.creatorId,
        message: r.message,
        platform: r.platform,
        region: r.region,
        rejectionReason: r.rejectionReason,
        autoApproved: r.autoApproved,
        createdAt: day(r.createdAt),
        meetsMinimums: r.meetsMinimums,
        meetsStated: r.meetsStated,
        channels: r.channels.map((ch) => ({
          kind: ch.kind,
          url: ch.url,
          subscribers: ch.subscribers,
          averageViews: ch.averageViews,
          checked: ch.checked,
          verified: ch.verified,
          flagged: ch.flagged,
        })),
      })),
    };
  }
  if ("keys" in m) {
    return {
      ...header,
      view: "keys" as const,
      keyCounts: m.keyCounts,
      keys: m.keys.map((k, i) => ({
        id: k.id,
        n: (m.page - 1) * CAMPAIGNS_PAGE_SIZE + i + 1,
        region: k.region,
        status: k.status,
        holder: k.holder,
        createdAt: day(k.createdAt),
        claimedAt: day(k.claimedAt),
        revokedAt: day(k.revokedAt),
      })),
    };
  }
  if ("participants" in m) {
    return {
      ...header,
      view: "participants" as const,
      participants: m.participants.map((p) => ({
        requestId: p.requestId,
        username: p.username,
        platform: p.platform,
        region: p.region,
        claimedAt: day(p.claimedAt),
        coverageDueAt: day(p.coverageDueAt),
        deadlinePassed: p.deadlinePassed,
        coverage: p.coverage.map((l) => ({ url: l.url, kind: l.kind, createdAt: day(l.createdAt) })),
      })),
    };
  }
  const games = await context.services.campaigns.listCompanyGames(actor);
  const campaign: CampaignValues = {
    gameId: c.gameId,
    description: c.description,
    startsAt: isoDay(c.startsAt),
    endsAt: isoDay(c.endsAt),
    autoApprove: c.autoApprove,
    minSubscribers: c.minSubscribers,
    minAverageViews: c.minAverageViews,
    platforms: c.platforms,
    regions: c.regions,
    languages: c.languages,
    coverageDays: c.coverageDays,
  };
  return { ...header, view: "details" as const, games: games.map((g) => ({ id: g.id, name: g.name })), campaign };
}

export type ManageView = Awaited<ReturnType<typeof manageView>>;
