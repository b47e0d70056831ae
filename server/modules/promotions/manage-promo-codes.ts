import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { isUniqueViolation } from "#server/db/unique-violation";
import { promoCodes } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import type { PromotionsDeps } from "./deps";
import { parseInput } from "./deps";
import { promoCodeInput, type PromoCodeInput } from "./input";
import { assertCan } from "./policy";

type Deps = Pick<PromotionsDeps, "db" | "now">;

const taken = () => new DomainError("promotions.promo_code_taken", { fieldErrors: { code: "errors:promotions.promo_code_taken" } });

const auditDetails = (v: PromoCodeInput) => ({
  code: v.code,
  discountType: v.discountType,
  discountValue: v.discountValue,
  expiresAt: v.expiresAt?.toISOString() ?? null,
  maxUses: v.maxUses,
  isActive: v.isActive,
});

/** An admin creates a promo code (SPEC §3): the code is kept upper case and unique. In the audit log. */
export async function createPromoCode(deps: Deps, actor: Actor, input: unknown) {
  assertCan(actor, "promo.create");
  const v = parseInput(promoCodeInput, input);
  const id = randomUUID();
  const now = deps.now();
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(promoCodes).values({ id, ...v, createdBy: actor!.userId, createdAt: now, updatedAt: now });
      await recordAudit(tx, actor!, {
        action: "promo_code.created",
        targetType: "promo_code",
        targetId: id,
        targetName: v.code,
        details: auditDetails(v),
      });
    });
  } catch (err) {
    if (isUniqueViolation(err, "promo_codes_code_idx")) throw taken();
    throw err;
  }
  return { id, code: v.code };
}

const idInput = z.object({ promoCodeId: z.string().trim().min(1).max(100) });

/**
 * An admin edits a promo code. Its limit cannot be lowered below the uses already counted (0 stays unlimited):
 * the row is locked, so a payment counting a use at the same moment is seen. In the audit log (before → after).
 */
export async function updatePromoCode(deps: Deps, actor: Actor, input: unknown) {
  assertCan(actor, "promo.update");
  const { promoCodeId } = parseInput(idInput, input);
  const v = parseInput(promoCodeInput, input);
  try {
    await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.id, promoCodeId)).limit(1).for("update");
      if (!row) throw new DomainError("not_found");
      if (v.maxUses > 0 && v.maxUses < row.usesCount)
        throw new DomainError("promotions.promo_max_below_uses", {
          count: row.usesCount,
          fieldErrors: { maxUses: "errors:promotions.promo_max_below_uses" },
        });
      await tx
        .update(promoCodes)
        .set({ ...v, updatedAt: sql`now()` })
        .where(eq(promoCodes.id, promoCodeId));
      await recordAudit(tx, actor!, {
        action: "promo_code.updated",
        targetType: "promo_code",
        targetId: promoCodeId,
        targetName: v.code,
        details: {
          before: auditDetails({ ...row, note: row.note, expiresAt: row.expiresAt }),
          after: auditDetails(v),
        },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err, "promo_codes_code_idx")) throw taken();
    throw err;
  }
  return { id: promoCodeId, code: v.code };
}

const activeInput = z.object({
  promoCodeId: z.string().trim().min(1).max(100),
  active: z.preprocess((v) => v === true || v === "true" || v === "1", z.boolean()),
});

/** Deactivates (or reactivates) a promo code: a deactivated code is refused as "not active". In the audit log. */
export async function setPromoCodeActive(deps: Deps, actor: Actor, input: unknown) {
  assertCan(actor, "promo.set_active");
  const { promoCodeId, active } = parseInput(activeInput, input);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(promoCodes)
      .set({ isActive: active, updatedAt: sql`now()` })
      .where(eq(promoCodes.id, promoCodeId))
      .returning({ id: promoCodes.id, code: promoCodes.code });
    if (!row) throw new DomainError("not_found");
    await recordAudit(tx, actor!, {
      action: active ? "promo_code.reactivated" : "promo_code.deactivated",
      targetType: "promo_code",
      targetId: row.id,
      targetName: row.code,
    });
    return { id: row.id, code: row.code, active };
  });
}
