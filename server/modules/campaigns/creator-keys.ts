import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { COVERAGE_LIMITS, coverageKindOf } from "#shared/campaigns";
import { campaignKeys, campaigns, companyGames, companyProfiles, coverageLinks, creatorRequests, keyReveals } from "#server/db/schema";
import { isUniqueViolation } from "#server/db/unique-violation";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { parseInput, type CampaignsDeps } from "./deps";
import { idField } from "./input";
import { assertCan } from "./policy";

/**
 * /my-keys: the creator's requests (every state), with each claimed key's game, platform, region, date, the
 * coverage owed (deadline, links given) — never the key itself, which is revealed one at a time.
 */
export async function myKeys(deps: Pick<CampaignsDeps, "db" | "now">, actor: Actor) {
  assertCan(actor, "key.list");
  const rows = await deps.db
    .select({
      requestId: creatorRequests.id,
      campaignId: creatorRequests.campaignId,
      status: creatorRequests.status,
      platform: creatorRequests.platform,
      region: creatorRequests.region,
      message: creatorRequests.message,
      rejectionReason: creatorRequests.rejectionReason,
      requestedAt: creatorRequests.createdAt,
      decidedAt: creatorRequests.decidedAt,
      coverageDueAt: creatorRequests.coverageDueAt,
      keyId: creatorRequests.keyId,
      keyRegion: campaignKeys.region,
      claimedAt: campaignKeys.claimedAt,
      gameName: companyGames.name,
      gameCover: companyGames.coverUrl,
      companyName: companyProfiles.companyName,
      companySlug: companyProfiles.slug,
    })
    .from(creatorRequests)
    .innerJoin(campaigns, eq(campaigns.id, creatorRequests.campaignId))
    .innerJoin(companyGames, eq(companyGames.id, campaigns.gameId))
    .innerJoin(companyProfiles, eq(companyProfiles.id, campaigns.companyId))
    .leftJoin(campaignKeys, eq(campaignKeys.id, creatorRequests.keyId))
    .where(eq(creatorRequests.creatorId, actor.userId))
    .orderBy(desc(creatorRequests.createdAt));
  const ids = rows.map((r) => r.requestId);
  const links = ids.length
    ? await deps.db.select().from(coverageLinks).where(inArray(coverageLinks.requestId, ids)).orderBy(asc(coverageLinks.createdAt))
    : [];
  const now = deps.now();
  return rows.map((r) => {
    const coverage = links
      .filter((l) => l.requestId === r.requestId)
      .map((l) => ({ id: l.id, url: l.url, kind: l.kind, createdAt: l.createdAt }));
    return { ...r, coverage, overdue: !!r.coverageDueAt && r.coverageDueAt.getTime() < now.getTime() && coverage.length === 0 };
  });
}

const revealInput = z.object({ requestId: idField });

/**
 * Shows the creator's own key in full, once per call, and records the reveal. Only the creator who
 * received it; anyone else's request is "not found".
 */
export async function revealKey(deps: Pick<CampaignsDeps, "db" | "keys" | "now">, actor: Actor, input: unknown) {
  assertCan(actor, "key.reveal");
  const { requestId } = parseInput(revealInput, input);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ keyId: campaignKeys.id, sealedValue: campaignKeys.sealedValue, status: campaignKeys.status })
      .from(creatorRequests)
      .innerJoin(campaignKeys, eq(campaignKeys.id, creatorRequests.keyId))
      .where(and(eq(creatorRequests.id, requestId), eq(creatorRequests.creatorId, actor.userId), eq(campaignKeys.claimedBy, actor.userId)))
      .limit(1);
    if (!row) throw new DomainError("not_found");
    await tx.insert(keyReveals).values({ keyId: row.keyId, userId: actor.userId, createdAt: deps.now() });
    return { requestId, key: deps.keys.open(row.sealedValue) };
  });
}

const coverageInput = z.object({ requestId: idField, url: z.string().trim().max(COVERAGE_LIMITS.urlMax, "errors:campaigns.coverage_url") });

/** The creator adds a link to the coverage they published with a key they received (YouTube, Twitch, TikTok or web). */
export async function addCoverage(deps: Pick<CampaignsDeps, "db" | "now">, actor: Actor, input: unknown) {
  assertCan(actor, "coverage.add");
  const { requestId, url } = parseInput(coverageInput, input);
  const kind = coverageKindOf(url);
  if (!kind) throw new DomainError("campaigns.coverage_url", { fieldErrors: { url: "errors:campaigns.coverage_url" } });
  return deps.db.transaction(async (tx) => {
    const [req] = await tx
      .select({ id: creatorRequests.id, status: creatorRequests.status })
      .from(creatorRequests)
      .where(and(eq(creatorRequests.id, requestId), eq(creatorRequests.creatorId, actor.userId)))
      .for("update");
    if (!req || req.status !== "approved") throw new DomainError("campaigns.coverage_not_allowed");
    const [{ n }] = await tx.select({ n: count() }).from(coverageLinks).where(eq(coverageLinks.requestId, requestId));
    if (n >= COVERAGE_LIMITS.linksPerRequest) throw new DomainError("campaigns.coverage_limit", { count: COVERAGE_LIMITS.linksPerRequest });
    const id = randomUUID();
    try {
      await tx.insert(coverageLinks).values({ id, requestId, url, kind, createdAt: deps.now() });
    } catch (err) {
      // The same link twice is one link.
      if (isUniqueViolation(err, "coverage_links_request_url_idx")) return { id: null, kind };
      throw err;
    }
    return { id, kind };
  });
}

const removeCoverageInput = z.object({ linkId: idField });

/** The creator removes one of their coverage links. */
export async function removeCoverage(deps: Pick<CampaignsDeps, "db">, actor: Actor, input: unknown) {
  assertCan(actor, "coverage.remove");
  const { linkId } = parseInput(removeCoverageInput, input);
  const mine = deps.db.select({ id: creatorRequests.id }).from(creatorRequests).where(eq(creatorRequests.creatorId, actor.userId));
  const removed = await deps.db
    .delete(coverageLinks)
    .where(and(eq(coverageLinks.id, linkId), inArray(coverageLinks.requestId, mine)))
    .returning({ id: coverageLinks.id });
  if (!removed.length) throw new DomainError("not_found");
}
