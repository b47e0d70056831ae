import type { AppLoadContext } from "react-router";
import { readDateInput } from "#app/components/ui/date-input.server";
import type { AdminActionResult } from "#app/features/admin/shell";
import { actionFailure } from "#app/lib/form.server";
import type { Actor } from "#server/modules/accounts/actor";

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/** The promo code form as the operations' input (the expiry from its three date boxes). */
function readPromoForm(form: FormData) {
  return {
    promoCodeId: text(form, "promoCodeId"),
    code: text(form, "code"),
    discountType: text(form, "discountType"),
    discountValue: text(form, "discountValue"),
    expiresAt: readDateInput(form, "expiresAt"),
    maxUses: text(form, "maxUses") || "0",
    isActive: form.get("isActive") === "on",
    note: text(form, "note"),
  };
}

/** A refusal with what was typed: `code` and `promoCodeId` are not secrets here (formValues drops fields named *code*). */
function failure(err: unknown, form: FormData) {
  const answer = actionFailure(err, form);
  answer.data.values.code = text(form, "code");
  answer.data.values.promoCodeId = text(form, "promoCodeId");
  answer.data.values.formId = text(form, "formId");
  return answer;
}

/** The tab's intents: create, update, deactivate, reactivate. */
export async function promoCodesAction(context: AppLoadContext, actor: Actor, form: FormData) {
  const promotions = context.services.promotions;
  const intent = form.get("intent");
  try {
    if (intent === "create") {
      const r = await promotions.createPromoCode(actor, readPromoForm(form));
      return { ok: true, message: "admin-promo-codes:created", messageValues: { code: r.code } } satisfies AdminActionResult;
    }
    if (intent === "update") {
      const r = await promotions.updatePromoCode(actor, readPromoForm(form));
      return { ok: true, message: "admin-promo-codes:updated", messageValues: { code: r.code } } satisfies AdminActionResult;
    }
    if (intent === "deactivate" || intent === "reactivate") {
      const r = await promotions.setPromoCodeActive(actor, { promoCodeId: text(form, "promoCodeId"), active: intent === "reactivate" });
      return {
        ok: true,
        message: intent === "reactivate" ? "admin-promo-codes:reactivated" : "admin-promo-codes:deactivated",
        messageValues: { code: r.code },
      } satisfies AdminActionResult;
    }
    return failure({ name: "DomainError", code: "input.invalid", status: 400 }, form);
  } catch (err) {
    return failure(err, form);
  }
}
