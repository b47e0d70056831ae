import { and, eq, isNull } from "drizzle-orm";
import { featuredSubmissions, payments } from "#server/db/schema";
import { renderEmail } from "#server/platform/mail-render";
import { translator, type MailLocale } from "#server/platform/translate";
import type { PromotionsDeps } from "./deps";

type Deps = Pick<PromotionsDeps, "db" | "mailer" | "siteName" | "baseUrl" | "now">;

const moneyFormats = new Map<string, Intl.NumberFormat>();
/** An amount in minor units, written for the locale (one formatter per language and currency). */
export function formatMoney(amountMinor: number, currency: string, locale: MailLocale): string {
  const key = `${locale}:${currency}`;
  let f = moneyFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() });
    moneyFormats.set(key, f);
  }
  const digits = f.resolvedOptions().maximumFractionDigits ?? 2;
  return f.format(amountMinor / 10 ** digits);
}

/**
 * The payer's receipt for a successful payment, sent once: the send is claimed by setting `receipt_sent_at`
 * only where it is still empty, so a webhook delivered again (or ten at once) sends no second receipt. Written
 * in the submission's language. Returns whether this call sent it.
 */
export async function sendReceipt(deps: Deps, paymentId: string): Promise<boolean> {
  const now = deps.now();
  const claimed = await deps.db
    .update(payments)
    .set({ receiptSentAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.status, "success"), isNull(payments.receiptSentAt)))
    .returning();
  const payment = claimed[0];
  if (!payment) return false;
  const [submission] = await deps.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, payment.submissionId)).limit(1);
  if (!submission) return false;
  const locale: MailLocale = submission.locale === "en" ? "en" : "es";
  // The texts live in the payments namespace (`payments:mail.receipt.*`), laid out as every other email.
  const rendered = renderEmail(
    {
      template: "payments:mail.receipt",
      gameName: submission.gameName,
      amount: formatMoney(payment.amountMinor, payment.currency, locale),
      feature: translator(locale, "promotions")(`labels.featureType.${submission.featureType}`),
      days: translator(locale, "promotions")("days", { count: submission.durationDays }),
      date: new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(payment.completedAt ?? now),
      reference: payment.id,
      url: `${deps.baseUrl.replace(/\/$/, "")}/${locale}/payment-success?payment=${encodeURIComponent(payment.id)}`,
    },
    locale,
    deps.siteName,
  );
  await deps.mailer.send({ template: "payment-receipt", locale, to: submission.contactEmail, ...rendered });
  return true;
}
