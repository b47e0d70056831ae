import { data, redirect, type AppLoadContext } from "react-router";
import { formatDate } from "#app/i18n/format";
import { actionFailure } from "#app/lib/form.server";
import { isNotFound, pageErrorFor } from "#app/lib/page-error.server";
import { pageTools } from "#app/lib/page.server";
import { formatMoney } from "./format";

/** Which of the result's faces the page shows (from the payment's state read from the server). */
export type ResultState = "paid" | "covered" | "processing" | "fail" | "cancelled";

/** An unknown, malformed or missing payment (or submission) id: the 404 page says "Payment not found." */
export function paymentNotFound(err: unknown): never {
  return pageErrorFor(err, "errors:promotions.payment_not_found");
}

/**
 * The loader of /payment-success and /payment-cancelled: the state of `?payment=<id>` (or `?submission=<id>` for
 * a submission a 100% code completed) read from the server — never from the query string's words. The payer
 * came back from the provider's success or cancel address (`page`): a payment still pending is being
 * confirmed on the first, and was left unpaid on the second.
 */
export async function loadPaymentResult(context: AppLoadContext, request: Request, page: "success" | "cancelled") {
  const q = new URL(request.url).searchParams;
  const paymentId = q.get("payment");
  const submissionId = q.get("submission");
  const input = paymentId ? { paymentId } : submissionId ? { submissionId } : null;
  if (!input) throw data({ message: "errors:promotions.payment_not_found" }, { status: 404 });
  const r = await context.services.promotions.paymentResult(input).catch(paymentNotFound);
  const { t, seo, locale } = pageTools(context, request, "payments");
  const state: ResultState =
    r.kind === "covered"
      ? "covered"
      : r.status === "success"
        ? "paid"
        : r.status === "fail"
          ? "fail"
          : r.status === "cancelled" || page === "cancelled"
            ? "cancelled"
            : "processing";
  const title = t(`result.${state}.title`);
  return {
    state,
    result: {
      paymentId: r.paymentId,
      status: r.status,
      refundStatus: r.refundStatus,
      amount: formatMoney(r.amountMinor, r.currency, locale),
      gameName: r.gameName,
      featureType: r.featureType,
      durationDays: r.durationDays,
      submissionStatus: r.submissionStatus,
      email: r.email,
      receiptSent: r.receiptSent,
      completedAt: r.completedAt ? formatDate(r.completedAt, locale, { dateStyle: "long", timeZone: "UTC" }) : null,
    },
    // No "pay again" while payments are off (production without Stripe's keys).
    canRetry:
      r.submissionStatus === "pending_payment" &&
      !!r.paymentId &&
      (state === "fail" || state === "cancelled") &&
      context.services.promotions.paymentsStatus().provider !== "off",
    seo: seo({ title, description: t("result.metaTitle"), noindex: true, nofollow: true }),
  };
}

/** "Pay again" (and "Try again"): a new checkout for the payment's submission, then off to the provider. */
export async function payAgain(context: AppLoadContext, request: Request) {
  const form = await request.formData();
  if (form.get("intent") !== "pay-again") throw new Response("Bad Request", { status: 400 });
  const paymentId = String(form.get("payment") ?? "");
  if (!paymentId || paymentId.length > 64) throw data({ message: "errors:promotions.payment_not_found" }, { status: 404 });
  try {
    const { url } = await context.services.promotions.retryCheckout({ paymentId, locale: context.locale });
    return redirect(url);
  } catch (err) {
    if (isNotFound(err)) paymentNotFound(err);
    return actionFailure(err, null);
  }
}

/** The result pages are personal and change by the second: never stored, never indexed. */
export function noStore(): Headers {
  return new Headers({ "Cache-Control": "no-store" });
}
