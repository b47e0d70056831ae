import { and, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { featuredGames } from "#server/db/schema";
import { isUniqueViolation } from "#server/db/unique-violation";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { PendingEvents } from "#server/platform/events";
import { PROMOTIONS_PAGE_SIZE, SCHEDULE_STATUSES } from "#shared/promotions";
import { parseInput, type PromotionsDeps } from "./deps";
import { promotionsTeamAbilities } from "./policy";
import { assertTeam, detailsField, idField, slugField } from "./review-input";

const listInput = z.object({
  status: z.enum(SCHEDULE_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/** The team's list of featured games: running and scheduled first, then by start, newest first. */
export async function listFeaturedGames(deps: Pick<PromotionsDeps, "db">, actor: Actor, input: unknown) {
  assertTeam(actor, "submission.list");
  const { status, page } = listInput.parse(input ?? {});
  const where = status ? eq(featuredGames.scheduleStatus, status) : undefined;
  const rows = await deps.db
    .select({
      id: featuredGames.id,
      slug: featuredGames.slug,
      gameName: featuredGames.gameName,
      studioName: featuredGames.studioName,
      featureType: featuredGames.featureType,
      scheduleStatus: featuredGames.scheduleStatus,
      visible: featuredGames.visible,
      startsAt: featuredGames.startsAt,
      endsAt: featuredGames.endsAt,
      detailsMd: featuredGames.detailsMd,
    })
    .from(featuredGames)
    .where(where)
    .orderBy(
      sql`case ${featuredGames.scheduleStatus} when 'active' then 0 when 'scheduled' then 1 else 2 end`,
      desc(featuredGames.startsAt),
      desc(featuredGames.id),
    )
    .limit(PROMOTIONS_PAGE_SIZE)
    .offset((page - 1) * PROMOTIONS_PAGE_SIZE);
  const [{ total }] = await deps.db.select({ total: count() }).from(featuredGames).where(where);
  return {
    rows,
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / PROMOTIONS_PAGE_SIZE)),
    status: status ?? null,
    can: promotionsTeamAbilities(actor),
  };
}

type Deps = Pick<PromotionsDeps, "db" | "events" | "now">;

/** Locks one featured game, runs `change` on it, and tells the pages (featured.changed) after the commit. */
async function changeFeatured<T>(
  deps: Deps,
  featuredGameId: string,
  change: (
    tx: Parameters<Parameters<PromotionsDeps["db"]["transaction"]>[0]>[0],
    game: typeof featuredGames.$inferSelect,
    now: Date,
  ) => Promise<T>,
): Promise<T> {
  const events = new PendingEvents();
  const now = deps.now();
  const out = await deps.db.transaction(async (tx) => {
    const [game] = await tx.select().from(featuredGames).where(eq(featuredGames.id, featuredGameId)).for("update");
    if (!game) throw new DomainError("promotions.not_found");
    const result = await change(tx, game, now);
    const [after] = await tx
      .select({ status: featuredGames.scheduleStatus })
      .from(featuredGames)
      .where(eq(featuredGames.id, featuredGameId));
    events.add("featured.changed", { featuredGameId, status: after?.status ?? game.scheduleStatus, at: now });
    return result;
  });
  await deps.events.publishAll(events.list);
  return out;
}

const visibleInput = z.object({
  featuredGameId: idField,
  visible: z.preprocess((v) => v === true || v === "true" || v === "1", z.boolean()),
});

/** Shows or hides a featured game (Admins): a hidden one keeps its schedule and its homepage slot. */
export async function setFeaturedVisible(deps: Deps, actor: Actor, input: unknown) {
  const who = assertTeam(actor, "featured.set_visible");
  const { featuredGameId, visible } = parseInput(visibleInput, input);
  // The game's name, for the team's confirmation ("Hollow Pines is hidden."): the button sends only the id.
  let gameName = "";
  await changeFeatured(deps, featuredGameId, async (tx, game, now) => {
    gameName = game.gameName;
    if (game.visible === visible) return;
    await tx.update(featuredGames).set({ visible, updatedAt: now }).where(eq(featuredGames.id, featuredGameId));
    await recordAudit(tx, who, {
      action: visible ? "promotions.featured_shown" : "promotions.featured_hidden",
      targetType: "featured_game",
      targetId: featuredGameId,
      targetName: game.gameName,
    });
  });
  return { gameName };
}

const endInput = z.object({ featuredGameId: idField });

/** Ends a scheduled or active featured game before its end date (→ expired): it leaves every page at once. */
export async function endFeaturedGame(deps: Deps, actor: Actor, input: unknown) {
  const who = assertTeam(actor, "featured.end");
  const { featuredGameId } = parseInput(endInput, input);
  await changeFeatured(deps, featuredGameId, async (tx, game, now) => {
    const ended = await tx
      .update(featuredGames)
      .set({ scheduleStatus: "expired", updatedAt: now })
      .where(and(eq(featuredGames.id, featuredGameId), inArray(featuredGames.scheduleStatus, ["scheduled", "active"])))
      .returning({ id: featuredGames.id });
    if (!ended.length) throw new DomainError("promotions.update_failed");
    await recordAudit(tx, who, {
      action: "promotions.featured_ended",
      targetType: "featured_game",
      targetId: featuredGameId,
      targetName: game.gameName,
    });
  });
}

const editInput = z.object({ featuredGameId: idField, slug: slugField, detailsMd: detailsField });

/** Edits a featured game's page: its address (/games/{slug}, unique) and its Markdown details (rendered and sanitised). */
export async function updateFeaturedGame(deps: Deps & Pick<PromotionsDeps, "renderMarkdown">, actor: Actor, input: unknown) {
  const who = assertTeam(actor, "featured.update");
  const { featuredGameId, slug, detailsMd } = parseInput(editInput, input);
  const { html } = await deps.renderMarkdown(detailsMd);
  await changeFeatured(deps, featuredGameId, async (tx, game, now) => {
    const [clash] = await tx
      .select({ id: featuredGames.id })
      .from(featuredGames)
      .where(and(sql`lower(${featuredGames.slug}) = ${slug}`, ne(featuredGames.id, featuredGameId)))
      .limit(1);
    if (clash) throw new DomainError("promotions.slug_taken");
    await tx.update(featuredGames).set({ slug, detailsMd, detailsHtml: html, updatedAt: now }).where(eq(featuredGames.id, featuredGameId));
    await recordAudit(tx, who, {
      action: "promotions.featured_edited",
      targetType: "featured_game",
      targetId: featuredGameId,
      targetName: game.gameName,
      details: game.slug === slug ? {} : { slugBefore: game.slug, slugAfter: slug },
    });
  }).catch((err: unknown) => {
    throw isUniqueViolation(err) ? new DomainError("promotions.slug_taken") : err;
  });
}
