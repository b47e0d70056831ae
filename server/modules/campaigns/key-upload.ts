import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { KEY_UPLOAD_LIMITS } from "#shared/campaigns";
import { campaignKeys, keyUploads } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { FINGERPRINT_LOOKUP_BATCH, KEY_INSERT_BATCH, parseInput, type CampaignsDeps } from "./deps";
import { idField } from "./input";
import { loadOwnCampaign } from "./owned";
import { parseKeyUpload, type BadLine } from "./parse-key-upload";
import { assertCan } from "./policy";

export type UploadCounts = { detected: number; new: number; duplicate: number; invalid: number };
export type UploadPreview = { uploadId: string | null; counts: UploadCounts; badLines: BadLine[] };

const previewInput = z.object({ campaignId: idField, text: z.string() });
const saveInput = z.object({ campaignId: idField, uploadId: idField });

/**
 * SPEC §5 bulk key upload, step one: parse the file or pasted text, and count detected, new, duplicate (twice in
 * the upload, or already in any pool of this company, found by fingerprint) and invalid keys, listing the bad
 * lines. Nothing is added yet: the new keys wait, sealed as one value, until the company saves the preview.
 */
export async function previewKeyUpload(
  deps: Pick<CampaignsDeps, "db" | "keys" | "now">,
  actor: Actor,
  input: unknown,
): Promise<UploadPreview> {
  assertCan(actor, "keys.manage");
  const { campaignId, text } = parseInput(previewInput, input);
  if (Buffer.byteLength(text, "utf8") > KEY_UPLOAD_LIMITS.maxBytes) throw tooLarge();
  const { campaign } = await loadOwnCampaign(deps.db, actor, campaignId);
  if (campaign.status === "finished") throw new DomainError("campaigns.status_transition", { from: "finished", to: "finished" });

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
  if (fresh.length === 0) return { uploadId: null, counts, badLines };
  const uploadId = randomUUID();
  const payload = JSON.stringify(fresh.map((k) => [k.value, k.region]));
  await deps.db
    .insert(keyUploads)
    .values({ id: uploadId, campaignId, createdBy: actor.userId, sealedKeys: deps.keys.seal(payload), counts, createdAt: now });
  return { uploadId, counts, badLines };
}

/**
 * Step two: the company saves the preview it saw. The keys are sealed one by one and inserted in batches; a
 * key another upload added since the preview is skipped (the company-wide unique fingerprint), so the pool
 * never holds a key twice. A preview is saved once; an expired one must be uploaded again.
 */
export async function saveKeyUpload(deps: Pick<CampaignsDeps, "db" | "keys" | "now" | "events">, actor: Actor, input: unknown) {
  assertCan(actor, "keys.manage");
  const { campaignId, uploadId } = parseInput(saveInput, input);
  const now = deps.now();
  const saved = await deps.db.transaction(async (tx) => {
    const { campaign } = await loadOwnCampaign(tx, actor, campaignId, { forUpdate: true });
    if (campaign.status === "finished") throw new DomainError("campaigns.status_transition", { from: "finished", to: "finished" });
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
      // milliseconds where as many VALUES tuples take seconds (issue 14: 100,000 keys in under 10 s).
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
  assertCan(actor, "keys.manage");
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
