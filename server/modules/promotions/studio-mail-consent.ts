import { eq } from "drizzle-orm";
import { z } from "zod";
import { studioMailConsent } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import type { PromotionsDeps } from "./deps";
import { parseInput } from "./deps";
import { assertCan } from "./policy";

const input = z.object({ agreed: z.union([z.boolean(), z.enum(["on", "true", "false", "off"])]).optional() });

/**
 * A studio's own consent to promotional email (off until it agrees): a verified company, for itself.
 */
export async function getStudioMailConsent(deps: Pick<PromotionsDeps, "db">, actor: Actor): Promise<boolean> {
  assertCan(actor, "studio_mail.consent", { companyId: actor?.userId ?? null });
  const [row] = await deps.db
    .select({ agreed: studioMailConsent.agreed })
    .from(studioMailConsent)
    .where(eq(studioMailConsent.companyId, actor!.userId));
  return row?.agreed ?? false;
}

/** The studio agrees to (a ticked box: `agreed=on`) or declines promotional email. */
export async function setStudioMailConsent(
  deps: Pick<PromotionsDeps, "db" | "now">,
  actor: Actor,
  raw: unknown,
): Promise<{ agreed: boolean }> {
  assertCan(actor, "studio_mail.consent", { companyId: actor?.userId ?? null });
  const parsed = parseInput(input, raw);
  const agreed = parsed.agreed === true || parsed.agreed === "on" || parsed.agreed === "true";
  await writeConsent(deps, actor!.userId, agreed);
  return { agreed };
}

export async function writeConsent(deps: Pick<PromotionsDeps, "db" | "now">, companyId: string, agreed: boolean) {
  const changedAt = deps.now();
  await deps.db
    .insert(studioMailConsent)
    .values({ companyId, agreed, changedAt })
    .onConflictDoUpdate({ target: studioMailConsent.companyId, set: { agreed, changedAt } });
}
