import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { campaignKeys, profiles } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { toCsv, type CsvValue } from "#server/platform/csv";
import { parseInput, type CampaignsDeps } from "./deps";
import { idField } from "./input";
import { loadOwnCampaign } from "./owned";
import { assertCan } from "./policy";

const revokeInput = z.object({
  campaignId: idField,
  keyIds: z.preprocess(
    (v) => (Array.isArray(v) ? v : v === undefined || v === "" ? [] : [v]),
    z.array(idField).min(1, "errors:input.invalid").max(500),
  ),
});

/**
 * The company revokes unused keys of one campaign (SPEC §4: available → revoked). Only available keys move; a
 * claimed key belongs to its creator for good. Conditional update, so a key claimed meanwhile stays claimed.
 */
export async function revokeKeys(deps: Pick<CampaignsDeps, "db" | "now">, actor: Actor, input: unknown) {
  assertCan(actor, "keys.revoke");
  const { campaignId, keyIds } = parseInput(revokeInput, input);
  await loadOwnCampaign(deps.db, actor, campaignId);
  const revoked = await deps.db
    .update(campaignKeys)
    .set({ status: "revoked", revokedAt: deps.now() })
    .where(and(eq(campaignKeys.campaignId, campaignId), inArray(campaignKeys.id, keyIds), eq(campaignKeys.status, "available")))
    .returning({ id: campaignKeys.id });
  if (revoked.length === 0) throw new DomainError("campaigns.key_not_revocable");
  return { revoked: revoked.length, skipped: keyIds.length - revoked.length };
}

/**
 * The campaign's pool as CSV: each key in full with its region, state, holder and dates, for the
 * company only, written by the site's CSV writer (server/platform/csv.ts): every text cell quoted, and
 * an apostrophe before a formula start (= + - @) or an apostrophe at a cell's start or after a `;` inside it,
 * so a spreadsheet shows such a key as text instead of running it (`=AB12` → `'=AB12`, `AB;-12` → `AB;'-12`).
 * The key is the cell without those added apostrophes (`unguardText` gives it back exactly); keys without
 * such a character (the usual XXXXX-XXXXX-XXXXX) are written as they are.
 */
export async function exportKeys(deps: Pick<CampaignsDeps, "db" | "keys">, actor: Actor, input: { campaignId: string }) {
  assertCan(actor, "keys.export");
  const { campaign } = await loadOwnCampaign(deps.db, actor, String(input?.campaignId ?? ""));
  const rows = await deps.db
    .select({
      sealedValue: campaignKeys.sealedValue,
      region: campaignKeys.region,
      status: campaignKeys.status,
      holder: profiles.username,
      claimedAt: campaignKeys.claimedAt,
      revokedAt: campaignKeys.revokedAt,
      createdAt: campaignKeys.createdAt,
    })
    .from(campaignKeys)
    .leftJoin(profiles, eq(profiles.id, campaignKeys.claimedBy))
    .where(eq(campaignKeys.campaignId, campaign.id))
    .orderBy(asc(campaignKeys.createdAt), asc(campaignKeys.id));
  // The site's one CSV writer: every text cell quoted, formula starts guarded, an empty value empty.
  const table: CsvValue[][] = [["key_value", "region", "status", "holder", "claimed_at", "revoked_at", "added_at"]];
  for (const r of rows) {
    table.push([
      deps.keys.open(r.sealedValue),
      r.region,
      r.status,
      r.holder,
      r.claimedAt?.toISOString(),
      r.revokedAt?.toISOString(),
      r.createdAt.toISOString(),
    ]);
  }
  return { filename: `keys-${campaign.id.slice(0, 8)}.csv`, csv: toCsv(table), count: rows.length };
}

const traceInput = z.object({ key: z.string().trim().min(1, "errors:input.invalid").max(200, "errors:input.invalid") });

/**
 * Traceability: a key found on a resale site, pasted by the company, answers which creator received
 * it and when, only among this company's own pools (found by fingerprint: nothing is decrypted). Every lookup
 * is written to the audit log, found or not.
 */
export async function traceKey(deps: Pick<CampaignsDeps, "db" | "keys">, actor: Actor, input: unknown) {
  assertCan(actor, "keys.trace");
  const { key } = parseInput(traceInput, input);
  const fingerprint = deps.keys.fingerprint(key);
  const found = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        keyId: campaignKeys.id,
        campaignId: campaignKeys.campaignId,
        status: campaignKeys.status,
        region: campaignKeys.region,
        claimedAt: campaignKeys.claimedAt,
        claimedBy: campaignKeys.claimedBy,
        holder: profiles.username,
      })
      .from(campaignKeys)
      .leftJoin(profiles, eq(profiles.id, campaignKeys.claimedBy))
      .where(and(eq(campaignKeys.companyId, actor.userId), eq(campaignKeys.fingerprint, fingerprint)))
      .limit(1);
    await recordAudit(tx, actor, {
      action: "campaigns.key_traced",
      targetType: "campaign_key",
      targetId: row?.keyId ?? "none",
      targetName: row?.holder ?? null,
      // Never the key itself: its fingerprint's first characters are enough to tell lookups apart.
      details: { found: !!row, fingerprint: fingerprint.slice(0, 12), campaignId: row?.campaignId ?? null },
    });
    return row ?? null;
  });
  // After the commit: a lookup that found nothing is audited too.
  if (!found) throw new DomainError("campaigns.key_unknown", { fieldErrors: { key: "errors:campaigns.key_unknown" } });
  return found;
}
