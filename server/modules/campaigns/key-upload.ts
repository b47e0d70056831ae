import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { KEY_UPLOAD_LIMITS } from "#shared/campaigns";
import { campaignKeys, campaigns, keyUploads } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { keyAdditionRefusal } from "./campaign-status";
import { FINGERPRINT_LOOKUP_BATCH, KEY_INSERT_BATCH, parseInput, PREVIEW_RATE, type CampaignsDeps } from "./deps";
import { idField } from "./input";
import { loadOwnCampaign } from "./owned";
import { parseKeyUpload, type BadLine } from "./parse-key-upload";
import { assertCan } from "./policy";

export type UploadCounts = { detected: number; new: number; duplicate: number; invalid: number };
/** `dropped`: the company's older unsaved previews this one replaced to stay within the storage cap. */
export type UploadPreview = { uploadId: string | null; counts: UploadCounts; badLines: BadLine[]; dropped: number };

const previewInput = z.object({ campaignId: idField, text: z.string() });
const saveInput = z.object({ campaignId: idField, uploadId: idField });

/**
 * SPEC §5 bulk key upload, step one: parse the file or pasted text, and count detected, new, duplicate (twice in
 * the upload, or already in any pool of this company, found by fingerprint) and invalid keys, listing the bad
 * lines. Nothing is added yet: the new keys wait, sealed as one value, until the company saves the preview.
 *
 * What a preview may cost is bounded per company: `KEY_UPLOAD_LIMITS.previewsPerHour` previews an
 * hour, counted before the file is read (`campaigns.preview_too_many`), and at most `pendingPreviews` unsaved
 * previews taking `pendingMegabytes` at once. Over that, the company's oldest unsaved previews are dropped to
 * make room, as a studio expects: the page only ever offers the latest preview, an earlier one cannot be found
 * again to save or discard it, and refusing the new one would leave the studio waiting out the hour. Saving a
 * dropped preview answers `upload_expired`. No keys are taken during the team's pause (`keyAdditionRefusal`);
 * a campaign its company paused may be restocked.
 */
export async function previewKeyUpload(
  deps: Pick<CampaignsDeps, "db" | "keys" | "now" | "rateLimiter">,
  actor: Actor,
  input: unknown,
): Promise<UploadPreview> {
  assertCan(actor, "keys.upload");
  const { campaignId, text } = parseInput(previewInput, input);
  if (Buffer.byteLength(text, "utf8") > KEY_UPLOAD_LIMITS.maxBytes) throw tooLarge();
  const { campaign } = await loadOwnCampaign(deps.db, actor, campaignId);
  const refused = keyAdditionRefusal(campaign);
  if (refused) throw new DomainError(refused.code, refused.details);
  const limit = await deps.rateLimiter.hit(`keys.preview:${actor.userId}`, PREVIEW_RATE);
  if (!limit.allowed)
    throw new DomainError("campaigns.preview_too_many", {
      limit: PREVIEW_RATE.limit,
      minutes: Math.max(1, Math.ceil(limit.retryAfterSeconds / 60)),
      count: Math.max(1, Math.ceil(limit.retryAfterSeconds / 60)),
      seconds: limit.retryAfterSeconds,
    });

  const parsed = parseKeyUpload(text, campaign.regions);
  if (parsed.detected > KEY_UPLOAD_LIMITS.maxLines) throw tooLarge();
  if (parsed.detected === 0) throw new DomainError("campaigns.upload_empty", { fieldErrors: { keys: "errors:campaigns.upload_empty" } });

  const fingerprints = parsed.keys.map((k) => deps.keys.fingerprint(k.value));
  const inPools = new Set<string>();
  for (let i = 0; i < fingerprints.length; i += FINGERPRINT_LOOKUP_BATCH) {
    const rows = await deps.db
      .select({ fingerprint: campaignKeys.fingerprint })
      .from(campaignKeys)
      .where(
        and(
          eq(campaignKeys.companyId, actor.userId),
          inArray(campaignKeys.fingerprint, fingerprints.slice(i, i + FINGERPRINT_LOOKUP_BATCH)),
        ),
      );
    for (const r of rows) inPools.add(r.fingerprint);
  }
  const fresh = parsed.keys.filter((_, i) => !inPools.has(fingerprints[i]));
  const badLines = [
    ...parsed.badLines,
    ...parsed.keys.filter((_, i) => inPools.has(fingerprints[i])).map((k) => ({ line: k.line, reason: "already_in_pool" as const })),
  ]
    .sort((a, b) => a.line - b.line)
    .slice(0, KEY_UPLOAD_LIMITS.listedLines);
  const counts: UploadCounts = {
    detected: parsed.detected,
    new: fresh.length,
    duplicate: parsed.duplicateInUpload + (parsed.keys.length - fresh.length),
    invalid: parsed.invalid,
  };

  const now = deps.now();
  // Previews nobody saved within the hour go (with their sealed keys).
  await deps.db
    .delete(keyUploads)
    .where(and(isNull(keyUploads.savedAt), lt(keyUploads.createdAt, new Date(now.getTime() - KEY_UPLOAD_LIMITS.previewMinutes * 60_000))));
  if (fresh.length === 0) return { uploadId: null, counts, badLines, dropped: 0 };
  const uploadId = randomUUID();
  const sealedKeys = deps.keys.seal(JSON.stringify(fresh.map((k) => [k.value, k.region])));
  const dropped = await deps.db.transaction(async (tx) => {
    // One preview of this company at a time from here on, so that two at once cannot both fit under the cap.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`key-previews:${actor.userId}`}))`);
    const pending = await tx
      .select({ id: keyUploads.id, bytes: sql<number>`octet_length(${keyUploads.sealedKeys})::int` })
      .from(keyUploads)
      .innerJoin(campaigns, eq(campaigns.id, keyUploads.campaignId))
      .where(and(eq(campaigns.companyId, actor.userId), isNull(keyUploads.savedAt), isNotNull(keyUploads.sealedKeys)))
      .orderBy(desc(keyUploads.createdAt), desc(keyUploads.id));
    // Keep the newest ones while they fit beside this one; from the first that does not, the older ones go.
    let kept = 0;
    let bytes = sealedKeys.length;
    for (const p of pending) {
      if (kept + 1 >= KEY_UPLOAD_LIMITS.pendingPreviews || bytes + Number(p.bytes) > KEY_UPLOAD_LIMITS.pendingMegabytes * 1024 * 1024)
        break;
      kept++;
      bytes += Number(p.bytes);
    }
    const drop = pending.slice(kept).map((p) => p.id);
    // A preview being saved meanwhile is saved, not dropped (its row is locked, then no longer unsaved).
    const gone = drop.length
      ? await tx
          .delete(keyUploads)
          .where(and(inArray(keyUploads.id, drop), isNull(keyUploads.savedAt)))
          .returning({ id: keyUploads.id })
      : [];
    await tx.insert(keyUploads).values({ id: uploadId, campaignId, createdBy: actor.userId, sealedKeys, counts, createdAt: now });
    return gone.length;
  });
  return { uploadId, counts, badLines, dropped };
}

/**
 * Step two: the company saves the preview it saw. The keys are sealed one by one and inserted in batches; a
 * key another upload added since the preview is skipped (the company-wide unique fingerprint), so the pool
 * never holds a key twice. A preview is saved once; an expired or dropped one must be uploaded again. Nothing
 * is saved during the team's pause (checked with the campaign's row locked, so a pause that commits first wins).
 */
export async function saveKeyUpload(deps: Pick<CampaignsDeps, "db" | "keys" | "now" | "events">, actor: Actor, input: unknown) {
  assertCan(actor, "keys.upload");
  const { campaignId, uploadId } = parseInput(saveInput, input);
  const now = deps.now();
  const saved = await deps.db.transaction(async (tx) => {
    const { campaign } = await loadOwnCampaign(tx, actor, campaignId, { forUpdate: true });
    const refused = keyAdditionRefusal(campaign);
    if (refused) throw new DomainError(refused.code, refused.details);
    const [upload] = await tx
      .select()
      .from(keyUploads)
      .where(and(eq(keyUploads.id, uploadId), eq(keyUploads.campaignId, campaignId), isNull(keyUploads.savedAt)))
      .for("update");
    const fresh = upload?.sealedKeys && now.getTime() - upload.createdAt.getTime() <= KEY_UPLOAD_LIMITS.previewMinutes * 60_000;
    if (!upload || !fresh) throw new DomainError("campaigns.upload_expired");
    const entries = JSON.parse(deps.keys.open(upload.sealedKeys!)) as [string, string | null][];
    let inserted = 0;
    for (let i = 0; i < entries.length; i += KEY_INSERT_BATCH) {
      const batch = entries.slice(i, i + KEY_INSERT_BATCH);
      // Three array parameters instead of nine per row: PGlite parses and binds a 10,000-row batch in
      // milliseconds where as many VALUES tuples take seconds (100,000 keys in under 10 s).
      const sealed = batch.map(([value]) => deps.keys.seal(value).toString("base64"));
      const fingerprints = batch.map(([value]) => deps.keys.fingerprint(value));
      const regions = batch.map(([, region]) => region ?? "");
      const result = (await tx.execute(sql`
        with added as (
          insert into ${campaignKeys} (id, campaign_id, company_id, sealed_value, fingerprint, region, status, upload_id, created_at)
          select gen_random_uuid()::text, ${campaignId}, ${actor.userId}, decode(k.sealed, 'base64'), k.fingerprint, nullif(k.region, ''),
                 'available', ${uploadId}, ${now}
          from unnest(${sql.param(sealed)}::text[], ${sql.param(fingerprints)}::text[], ${sql.param(regions)}::text[])
            as k(sealed, fingerprint, region)
          on conflict do nothing
          returning 1
        )
        select count(*)::int as n from added
      `)) as unknown as { rows: { n: number }[] };
      inserted += Number(result.rows[0]?.n ?? 0);
    }
    await tx.update(keyUploads).set({ sealedKeys: null, savedAt: now, savedCount: inserted }).where(eq(keyUploads.id, uploadId));
    return inserted;
  });
  await deps.events.publish("campaign.changed", { campaignId, companyId: actor.userId, status: "keys", at: now });
  return { saved };
}

/** Drops a preview the company does not want. */
export async function discardKeyUpload(deps: Pick<CampaignsDeps, "db">, actor: Actor, input: unknown) {
  assertCan(actor, "keys.upload");
  const { campaignId, uploadId } = parseInput(saveInput, input);
  await loadOwnCampaign(deps.db, actor, campaignId);
  await deps.db
    .delete(keyUploads)
    .where(and(eq(keyUploads.id, uploadId), eq(keyUploads.campaignId, campaignId), isNull(keyUploads.savedAt)));
}

const tooLarge = () =>
  new DomainError("campaigns.upload_too_large", {
    lines: KEY_UPLOAD_LIMITS.maxLines,
    megabytes: KEY_UPLOAD_LIMITS.maxBytes / 1024 / 1024,
    fieldErrors: { keys: "errors:campaigns.upload_too_large" },
  });
