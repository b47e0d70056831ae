import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { codeOf, errorOf, testClock } from "#tests/support/forum-kit";
import { activeCampaign, campaignsDeps, companyActor, keysFor } from "#tests/support/campaigns-kit";
import { KEY_UPLOAD_LIMITS } from "#shared/campaigns";
import { ensureRoles } from "#server/db/factories";
import type { DatabaseHandle } from "#server/db/client";
import { campaigns, keyUploads } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import type { CampaignsDeps } from "./deps";
import { previewKeyUpload, saveKeyUpload } from "./key-upload";

const MINUTE = 60_000;

/**
 * What key previews may cost one company — previews per hour, and the unsaved previews kept
 * at once (their number and their sealed bytes; a new preview drops the company's oldest unsaved ones).
 */
describe("key previews per company", () => {
  let database: DatabaseHandle;
  let deps: CampaignsDeps;
  // On the hour, so that the rate limit's window starts here.
  const clock = testClock(new Date("2026-11-24T12:00:00Z"));

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    deps = campaignsDeps(database.db, clock);
  });
  afterAll(() => database.close());

  const pendingOf = async (company: NonNullable<Actor>) =>
    (
      await database.db
        .select({ id: keyUploads.id })
        .from(keyUploads)
        .innerJoin(campaigns, eq(campaigns.id, keyUploads.campaignId))
        .where(and(eq(campaigns.companyId, company.userId), isNull(keyUploads.savedAt)))
    ).map((r) => r.id);

  it(`allows ${KEY_UPLOAD_LIMITS.previewsPerHour} previews an hour per company, then says when to try again`, async () => {
    clock.set(new Date("2026-11-24T12:00:00Z"));
    const company = await companyActor(database.db, { name: "Prisa" });
    const other = await companyActor(database.db, { name: "Calma" });
    const { campaignId } = await activeCampaign(deps, company, { name: "Busy Lamp" });
    const theirs = await activeCampaign(deps, other, { name: "Calm Lamp" });
    for (let i = 0; i < KEY_UPLOAD_LIMITS.previewsPerHour; i++) {
      clock.advance(MINUTE);
      await previewKeyUpload(deps, company, { campaignId, text: keysFor(`RATE${i}`, 2).join("\n") });
    }
    clock.advance(MINUTE);
    const err = await errorOf(previewKeyUpload(deps, company, { campaignId, text: keysFor("RATE-OVER", 2).join("\n") }));
    expect(err.code).toBe("campaigns.preview_too_many");
    expect(err.status).toBe(429);
    // 31 minutes into the hour: 29 minutes to wait.
    expect(err.details).toMatchObject({ limit: KEY_UPLOAD_LIMITS.previewsPerHour, minutes: 29, seconds: 29 * 60 });
    // Another company is not held by it; the next hour opens again.
    expect((await previewKeyUpload(deps, other, { campaignId: theirs.campaignId, text: "CALM-KEY-0001" })).uploadId).toBeTruthy();
    clock.set(new Date("2026-11-24T13:00:01Z"));
    expect(await codeOf(previewKeyUpload(deps, company, { campaignId, text: keysFor("RATE-NEXT", 2).join("\n") }))).toBe("no error");
  });

  it(`keeps ${KEY_UPLOAD_LIMITS.pendingPreviews} unsaved previews per company: a new one drops the oldest, which can no longer be saved`, async () => {
    clock.set(new Date("2026-11-25T12:00:00Z"));
    const company = await companyActor(database.db, { name: "Pila" });
    const other = await companyActor(database.db, { name: "Otra Pila" });
    const a = await activeCampaign(deps, company, { name: "Pile A" });
    const b = await activeCampaign(deps, company, { name: "Pile B" });
    const theirs = await activeCampaign(deps, other, { name: "Pile C" });
    const theirPreview = await previewKeyUpload(deps, other, { campaignId: theirs.campaignId, text: "THEIR-KEY-0001" });

    const previews = [];
    for (let i = 0; i < KEY_UPLOAD_LIMITS.pendingPreviews + 2; i++) {
      clock.advance(MINUTE);
      // Across the company's campaigns: the cap is the company's.
      const campaignId = i % 2 ? b.campaignId : a.campaignId;
      previews.push({ campaignId, ...(await previewKeyUpload(deps, company, { campaignId, text: keysFor(`PILE${i}`, 3).join("\n") })) });
    }
    expect(previews.map((p) => p.dropped)).toEqual([0, 0, 0, 1, 1]);
    expect((await pendingOf(company)).sort()).toEqual(
      previews
        .slice(2)
        .map((p) => p.uploadId)
        .sort(),
    );
    // The dropped ones are gone as an expired preview is; the kept ones save.
    for (const p of previews.slice(0, 2))
      expect(await codeOf(saveKeyUpload(deps, company, { campaignId: p.campaignId, uploadId: p.uploadId! }))).toBe(
        "campaigns.upload_expired",
      );
    const last = previews.at(-1)!;
    expect((await saveKeyUpload(deps, company, { campaignId: last.campaignId, uploadId: last.uploadId! })).saved).toBe(3);
    // A preview with nothing new stores nothing and drops nothing.
    clock.advance(MINUTE);
    const nothing = await previewKeyUpload(deps, company, { campaignId: last.campaignId, text: keysFor("PILE4", 3).join("\n") });
    expect(nothing).toMatchObject({ uploadId: null, dropped: 0 });
    expect(await pendingOf(company)).toHaveLength(2);
    // Another company's preview was not touched.
    expect(await pendingOf(other)).toEqual([theirPreview.uploadId]);
  });

  it(`keeps at most ${KEY_UPLOAD_LIMITS.pendingMegabytes} MB of unsaved previews per company`, async () => {
    clock.set(new Date("2026-11-26T12:00:00Z"));
    const company = await companyActor(database.db, { name: "Peso" });
    const { campaignId } = await activeCampaign(deps, company, { name: "Heavy Lamp" });
    const MB = 1024 * 1024;
    // Two earlier unsaved previews as big as real 100,000-key ones (their content does not matter here).
    const big = async (megabytes: number) => {
      clock.advance(MINUTE);
      const id = randomUUID();
      // Made in the database: sending 20 MB of parameters through PGlite takes seconds.
      await database.query(
        `insert into key_uploads (id, campaign_id, created_by, sealed_keys, counts, created_at)
         values ($1, $2, $3, convert_to(repeat('k', $4::int), 'UTF8'), '{"detected":1,"new":1,"duplicate":0,"invalid":0}', $5)`,
        [id, campaignId, company.userId, megabytes * MB, clock.now().toISOString()],
      );
      return id;
    };
    const older = await big(12);
    const newer = await big(KEY_UPLOAD_LIMITS.pendingMegabytes - 12);
    // Two and a new one fit by number, not by size: the oldest goes.
    clock.advance(MINUTE);
    const preview = await previewKeyUpload(deps, company, { campaignId, text: keysFor("HEAVY", 3).join("\n") });
    expect(preview.dropped).toBe(1);
    expect((await pendingOf(company)).sort()).toEqual([newer, preview.uploadId].sort());
    expect(await pendingOf(company)).not.toContain(older);
  });

  it("previews at once by one company stay within the cap", async () => {
    clock.set(new Date("2026-11-27T12:00:00Z"));
    const company = await companyActor(database.db, { name: "Prisa Junta" });
    const { campaignId } = await activeCampaign(deps, company, { name: "Crowd Lamp" });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => previewKeyUpload(deps, company, { campaignId, text: keysFor(`CROWD${i}`, 3).join("\n") })),
    );
    expect(results.every((r) => r.uploadId)).toBe(true);
    expect(await pendingOf(company)).toHaveLength(KEY_UPLOAD_LIMITS.pendingPreviews);
    expect(results.reduce((n, r) => n + r.dropped, 0)).toBe(8 - KEY_UPLOAD_LIMITS.pendingPreviews);
  });
});
