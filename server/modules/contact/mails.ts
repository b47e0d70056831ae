import { renderEmail } from "#server/platform/mail-render";
import type { MailResult } from "#server/platform/mail";
import { translator, type MailLocale } from "#server/platform/translate";
import type { InquiryType } from "#shared/contact";
import type { ContactDeps } from "./deps";

type MailDeps = Pick<ContactDeps, "mailer" | "siteName" | "baseUrl" | "contactEmail">;
type Message = {
  id: string;
  name: string;
  email: string;
  company: string | null;
  inquiryType: InquiryType;
  message: string;
  locale: string;
};

const localeOf = (locale: string): MailLocale => (locale === "en" ? "en" : "es");

/**
 * The team hears of a new message at CONTACT_EMAIL, in the sender's language (the team reads both), with the
 * panel's address; replying to the mail answers the sender. Not retried later: a failure is told at once.
 */
export function sendTeamNotice(deps: MailDeps, m: Message): Promise<MailResult> {
  const locale = localeOf(m.locale);
  const template = "contact-team";
  const url = `${deps.baseUrl.replace(/\/$/, "")}/${locale}/admin/contacts/${m.id}`;
  const rendered = renderEmail(
    { template, name: m.name, email: m.email, company: m.company ?? "—", kind: kindLabel(locale, m.inquiryType), message: m.message, url },
    locale,
    deps.siteName,
  );
  return deps.mailer.send({ template, locale, to: deps.contactEmail, replyTo: m.email, ...rendered }, { retry: false });
}

/** The sender's copy of what they sent, in their language, saying what happens next. Not retried later. */
export function sendSenderCopy(deps: MailDeps, m: Message): Promise<MailResult> {
  const locale = localeOf(m.locale);
  const template = "contact-copy";
  const rendered = renderEmail(
    { template, name: m.name, kind: kindLabel(locale, m.inquiryType), message: m.message },
    locale,
    deps.siteName,
  );
  return deps.mailer.send({ template, locale, to: m.email, replyTo: deps.contactEmail, ...rendered }, { retry: false });
}

/** The team's reply, in the sender's language, from the site's address with Reply-To the team's. */
export function sendReply(deps: MailDeps, m: Message, body: string): Promise<MailResult> {
  const locale = localeOf(m.locale);
  const template = "contact-reply";
  const rendered = renderEmail({ template, name: m.name, reply: body, message: m.message }, locale, deps.siteName);
  return deps.mailer.send({ template, locale, to: m.email, replyTo: deps.contactEmail, ...rendered }, { retry: false });
}

/** The inquiry type in words, as the mail says it ("business", "de empresa"). */
const kindLabel = (locale: MailLocale, kind: InquiryType) => translator(locale, "contact")(`mail.kind.${kind}`);
