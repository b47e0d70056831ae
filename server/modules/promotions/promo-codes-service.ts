import type { Actor } from "#server/modules/accounts/actor";
import type { Jobs } from "#server/platform/jobs";
import { checkPromoCode } from "./check-promo-code";
import type { PromotionsDeps } from "./deps";
import { getPromoCode, listPromoCodes, listPromoCodeUses } from "./list-promo-codes";
import { createPromoCode, setPromoCodeActive, updatePromoCode } from "./manage-promo-codes";

/** Promo codes: the live check of /collaborate and the admin tab (create, edit, deactivate, uses). */
export function createPromoCodesService(deps: PromotionsDeps) {
  return {
    checkPromoCode: (actor: Actor, input: { code: unknown; featureType: unknown; clientKey: string }) => checkPromoCode(deps, actor, input),
    listPromoCodes: (actor: Actor, input: unknown) => listPromoCodes(deps, actor, input),
    getPromoCode: (actor: Actor, input: { promoCodeId: string }) => getPromoCode(deps, actor, input),
    listPromoCodeUses: (actor: Actor, input: { promoCodeId: string; page?: unknown }) => listPromoCodeUses(deps, actor, input),
    createPromoCode: (actor: Actor, input: unknown) => createPromoCode(deps, actor, input),
    updatePromoCode: (actor: Actor, input: unknown) => updatePromoCode(deps, actor, input),
    setPromoCodeActive: (actor: Actor, input: unknown) => setPromoCodeActive(deps, actor, input),
  };
}

/** The recurring and one-off jobs of this part (none). */
export async function registerPromoCodesJobs(deps: PromotionsDeps, jobs: Jobs): Promise<void> {
  void deps;
  void jobs;
}
