import { and, count, desc, eq, gt, ilike, isNotNull, lte, or, isNull, type SQL } from "drizzle-orm";
import { z } from "zod";
import { featuredSubmissions, promoCodes, promoCodeUses } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { PROMOTIONS_PAGE_SIZE } from "#shared/promotions";
import type { PromotionsDeps } from "./deps";
import { PROMO_LIST_FILTERS } from "./input";
import { assertCan } from "./policy";

const listInput = z.object({
  status: z.enum(PROMO_LIST_FILTERS).catch("all").default("all"),
  q: z.string().trim().max(64).catch("").default(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The admin promo codes tab: every code, newest first, searched by code or note, by state (active, inactive, expired). */
export async function listPromoCodes(deps: Pick<PromotionsDeps, "db" | "now">, actor: Actor, input: unknown) {
  assertCan(actor, "promo.list");
  const { status, q, page } = listInput.parse(input ?? {});
  const now = deps.now();
  const notExpired = or(isNull(promoCodes.expiresAt), gt(promoCodes.expiresAt, now));
  const byStatus: Record<(typeof PROMO_LIST_FILTERS)[number], SQL | undefined> = {
    all: undefined,
    active: and(eq(promoCodes.isActive, true), notExpired),
    inactive: eq(promoCodes.isActive, false),
    expired: and(isNotNull(promoCodes.expiresAt), lte(promoCodes.expiresAt, now)),
  };
  const like = q ? `%${escapeLike(q)}%` : null;
  const where = and(byStatus[status], like ? or(ilike(promoCodes.code, like), ilike(promoCodes.note, like)) : undefined);
  const rows = await deps.db
    .select()
    .from(promoCodes)
    .where(where)
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id))
    .limit(PROMOTIONS_PAGE_SIZE)
    .offset((page - 1) * PROMOTIONS_PAGE_SIZE);
  const [{ total }] = await deps.db.select({ total: count() }).from(promoCodes).where(where);
  return {
    rows: rows.map((r) => ({ ...r, expired: !!r.expiresAt && r.expiresAt.getTime() <= now.getTime() })),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / PROMOTIONS_PAGE_SIZE)),
    status,
    q,
  };
}

/** One code for its edit form. */
export async function getPromoCode(deps: Pick<PromotionsDeps, "db">, actor: Actor, input: { promoCodeId: string }) {
  assertCan(actor, "promo.list");
  const [row] = await deps.db
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.id, String(input?.promoCodeId ?? "").slice(0, 100)))
    .limit(1);
  if (!row) throw new DomainError("not_found");
  return row;
}

/** A code's uses, newest first: when, for which submission's game and studio, and the discount given. */
export async function listPromoCodeUses(deps: Pick<PromotionsDeps, "db">, actor: Actor, input: { promoCodeId: string; page?: unknown }) {
  assertCan(actor, "promo.list");
  const code = await getPromoCode(deps, actor, input);
  const page = z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .catch(1)
    .parse(input.page ?? 1);
  const uses = await deps.db
    .select({
      id: promoCodeUses.id,
      usedAt: promoCodeUses.usedAt,
      discountMinor: promoCodeUses.discountMinor,
      submissionId: promoCodeUses.submissionId,
      gameName: featuredSubmissions.gameName,
      studioName: featuredSubmissions.studioName,
      currency: featuredSubmissions.currency,
    })
    .from(promoCodeUses)
    .leftJoin(featuredSubmissions, eq(featuredSubmissions.id, promoCodeUses.submissionId))
    .where(eq(promoCodeUses.promoCodeId, code.id))
    .orderBy(desc(promoCodeUses.usedAt), desc(promoCodeUses.id))
    .limit(PROMOTIONS_PAGE_SIZE)
    .offset((page - 1) * PROMOTIONS_PAGE_SIZE);
  const [{ total }] = await deps.db.select({ total: count() }).from(promoCodeUses).where(eq(promoCodeUses.promoCodeId, code.id));
  return { code, uses, total, page, pageCount: Math.max(1, Math.ceil(total / PROMOTIONS_PAGE_SIZE)) };
}
