import { redirect, type AppLoadContext } from "react-router";
import { actionFailure, isDomainErrorLike } from "#app/lib/form.server";
import type { FormFailure } from "#app/lib/form";
import { NS } from "./ns";
import type { AutofillResult, PromoResult } from "./types";

export { NS };

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/** The submission fields the form sends (the image apart). */
const FIELDS = [
  "contactName",
  "contactEmail",
  "studioName",
  "gameName",
  "shortDescription",
  "storeUrl",
  "youtubeUrl",
  "releaseStatus",
  "featureType",
  "promoCode",
  "companyGameId",
] as const;

/**
 * A refused submit: everything typed back (the promo code too: it is not a secret), the kept image's token, the
 * kept screenshots' tokens and what names a refused screenshot.
 */
function failure(err: unknown, form: FormData, keep: { imageToken?: string | null } = {}) {
  const answer = actionFailure(err, form);
  const body = answer.data as FormFailure & {
    imageToken?: string | null;
    screenshotTokens?: string[];
    screenshotErrorValues?: Record<string, string | number>;
  };
  body.values.promoCode = text(form, "promoCode");
  const details = isDomainErrorLike(err) ? err.details : undefined;
  const token = typeof details?.imageToken === "string" ? details.imageToken : (keep.imageToken ?? null);
  body.imageToken = token;
  const shots = details?.screenshotTokens;
  body.screenshotTokens = Array.isArray(shots) ? shots.filter((s): s is string => typeof s === "string") : [];
  const shotValues = details?.screenshotErrorValues;
  if (shotValues && typeof shotValues === "object") body.screenshotErrorValues = shotValues as Record<string, string | number>;
  if (body.formErrorValues) delete body.formErrorValues.imageToken;
  return answer;
}

/** The screenshots the form sends (one multiple file field; an empty field sends one empty part). */
async function screenshotFiles(form: FormData) {
  const files = form.getAll("screenshots").filter((f): f is File => typeof f === "object" && f.size > 0);
  return Promise.all(files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
}

/** Sends the form: a checkout to pay, or (a 100% code) the success page. */
export async function submitCollaborate(context: AppLoadContext, form: FormData) {
  const file = form.get("image");
  const image = file && typeof file === "object" && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
  const input: Record<string, unknown> = Object.fromEntries(FIELDS.map((f) => [f, text(form, f)]));
  const imageToken = text(form, "imageToken") || null;
  const screenshotTokens = form.getAll("screenshotTokens").filter((v): v is string => typeof v === "string");
  try {
    const out = await context.services.promotions.createSubmission(context.actor, {
      ...input,
      locale: context.locale,
      image,
      imageToken,
      screenshots: await screenshotFiles(form),
      screenshotTokens,
      clientKey: context.clientKey,
    });
    if (out.paid) return redirect(`${context.localePrefix}/payment-success?submission=${encodeURIComponent(out.submissionId)}`);
    return redirect(out.checkoutUrl);
  } catch (err) {
    return failure(err, form, { imageToken: null });
  }
}

/** The auto-fill fetcher: the video's title and thumbnail, or the field's translated error. */
export async function autofill(context: AppLoadContext, form: FormData): Promise<AutofillResult> {
  try {
    const found = await context.services.promotions.youtubeAutofill(context.actor, {
      url: text(form, "youtubeUrl"),
      clientKey: context.clientKey,
    });
    return { intent: "youtube", ok: true, gameName: found.gameName, thumbnailUrl: found.thumbnailUrl };
  } catch (err) {
    if (!isDomainErrorLike(err)) throw err;
    return { intent: "youtube", ok: false, error: `errors:${err.code}` };
  }
}

/** The live promo code check: SPEC §5 outcome, translated by `promotions:promo.outcomes.*`. */
export async function checkPromo(context: AppLoadContext, form: FormData): Promise<PromoResult> {
  try {
    const out = await context.services.promotions.checkPromoCode(context.actor, {
      code: text(form, "promoCode"),
      featureType: text(form, "featureType"),
      clientKey: context.clientKey,
    });
    if (out.outcome === "success")
      return {
        intent: "promo",
        ok: true,
        outcome: "success",
        priceMinor: out.priceMinor,
        discountMinor: out.discountMinor,
        amountMinor: out.amountMinor,
        currency: out.currency,
      };
    return { intent: "promo", ok: false, outcome: out.outcome, error: `promotions:promo.outcomes.${out.outcome}` };
  } catch (err) {
    if (!isDomainErrorLike(err)) throw err;
    const outcome = err.code === "input.invalid" ? "invalid" : "error";
    return {
      intent: "promo",
      ok: false,
      outcome,
      error: err.code === "rate_limited" ? "errors:rate_limited" : `promotions:promo.outcomes.${outcome}`,
    };
  }
}
