import { renderEmail } from "#server/platform/mail-render";
import type { MailLocale } from "#server/platform/translate";
import { CURRENCIES } from "#shared/promotions";
import type { PromotionsDeps } from "./deps";

type MailDeps = Pick<PromotionsDeps, "mailer" | "siteName" | "baseUrl" | "log">;
type Studio = { contactEmail: string; locale: string; gameName: string };

const localeOf = (s: Studio): MailLocale => (s.locale === "en" ? "en" : "es");
const day = (d: Date, locale: MailLocale) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(d);

/** An amount in minor units, written in the reader's language ("49,00 €", "€49.00"). */
export function formatMoney(amountMinor: number, currency: string, locale: string): string {
  const digits = CURRENCIES[currency as keyof typeof CURRENCIES] ?? 2;
  return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits }).format(amountMinor / 10 ** digits);
}

async function send(deps: MailDeps, studio: Studio, template: string, values: Record<string, string>) {
  const locale = localeOf(studio);
  try {
    const rendered = renderEmail({ template, gameName: studio.gameName, ...values }, locale, deps.siteName);
    await deps.mailer.send({ template, locale, to: studio.contactEmail, ...rendered });
  } catch (err) {
    // The decision stands; the mail log shows what was not sent.
    deps.log.error("featured decision mail not sent", { err, template });
  }
}

/** The studio hears its submission was approved: the dates and, for a details page, its address. */
export function sendApprovalMail(deps: MailDeps, studio: Studio, game: { slug: string; startsAt: Date; endsAt: Date; hasPage: boolean }) {
  const locale = localeOf(studio);
  const base = deps.baseUrl.replace(/\/$/, "");
  const url = game.hasPage ? `${base}/${locale}/games/${game.slug}` : `${base}/${locale}/featured-games`;
  return send(deps, studio, "featured-approved", { startDate: day(game.startsAt, locale), endDate: day(game.endsAt, locale), url });
}

/**
 * The studio hears its submission was rejected, with the team's reason and what happened to its money:
 * nothing was paid, the refund is on its way, or it was refunded.
 */
export function sendRejectionMail(
  deps: MailDeps,
  studio: Studio & { amountMinor: number; currency: string },
  reason: string,
  refund: "none" | "pending" | "succeeded",
) {
  const locale = localeOf(studio);
  const template =
    refund === "none" ? "featured-rejected" : refund === "pending" ? "featured-rejected-refund-pending" : "featured-rejected-refunded";
  return send(deps, studio, template, { reason, amount: formatMoney(studio.amountMinor, studio.currency, locale) });
}
