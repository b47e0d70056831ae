import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { SubmitButton, TextAreaField } from "#app/components/ui/form-field";
import { RowList } from "#app/components/ui/list";
import { orRefused, unknownIntent } from "#app/features/admin/route.server";
import { ActionResult, AdminErrorBoundary, AdminHeading, NOINDEX, type AdminActionResult } from "#app/features/admin/shell";
import { contactAdminPage } from "#app/features/contact/admin/contact-route.server";
import { actionFailure } from "#app/lib/form.server";
import { seoMeta } from "#app/lib/seo";
import { useDateFormat } from "#app/lib/use-date-format";
import { useLocalePath } from "#app/lib/use-locale";
import { CONTACT_LIMITS } from "#shared/contact";
import type { Route } from "./+types/contact-message";

export const handle = { i18n: ["admin", "contact"] };

/** One contact message: its text, read and archive marks, the team's reply by email, and its history. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { actor, contact, abilities, seo } = contactAdminPage(context, request);
  const message = await orRefused(context, request, contact.get(actor, { messageId: params.messageId }));
  return { seo: seo("nav.contacts"), message, abilities };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { actor, contact } = contactAdminPage(context, request);
  const form = await request.formData();
  const intent = form.get("intent");
  const messageId = params.messageId;
  try {
    if (intent === "read" || intent === "unread") {
      await contact.setRead(actor, { messageId, read: intent === "read" });
      return { ok: true, message: `contact:admin.done.${intent}` } satisfies AdminActionResult;
    }
    if (intent === "archive" || intent === "unarchive") {
      await contact.setArchived(actor, { messageId, archived: intent === "archive" });
      return { ok: true, message: `contact:admin.done.${intent}` } satisfies AdminActionResult;
    }
    if (intent === "reply") {
      const r = await contact.reply(actor, { messageId, body: form.get("body") });
      return { ok: true, message: "contact:admin.done.reply", messageValues: { email: r.sentTo } } satisfies AdminActionResult;
    }
    return unknownIntent(form);
  } catch (err) {
    return actionFailure(err, form);
  }
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

export default function ContactMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("contact");
  const { to } = useLocalePath();
  const { dateTime } = useDateFormat();
  const { message: m, abilities } = loaderData;
  const result = actionData as AdminActionResult | undefined;
  const failure = result && !result.ok ? result : undefined;
  const replyFailed = failure?.values.intent === "reply";
  return (
    <>
      <p className="mb-2">
        <Link to={to(`/admin/contacts?type=${m.inquiryType}`)} className="link inline-block py-1 text-sm">
          {t("admin.back", { type: t(`admin.types.${m.inquiryType}`) })}
        </Link>
      </p>
      <AdminHeading title={t("admin.messageTitle", { name: m.name })}>
        <span className="flex flex-wrap items-center gap-2">
          <Badge tone={m.inquiryType === "business" ? "info" : "neutral"}>{t(`admin.types.${m.inquiryType}`)}</Badge>
          {m.read ? <Badge>{t("admin.read")}</Badge> : <Badge tone="info">{t("admin.unread")}</Badge>}
          {m.archived ? <Badge>{t("admin.archived")}</Badge> : null}
        </span>
      </AdminHeading>
      <div aria-live="polite" className="mb-4">
        <ActionResult result={result} />
      </div>
      <article className="card space-y-4 p-5" aria-labelledby="message-heading">
        <h2 id="message-heading" className="sr-only">
          {t("admin.messageHeading")}
        </h2>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">{t("form.email")}</dt>
          <dd className="break-all">
            <a className="link inline-flex min-h-6 items-center break-all" href={`mailto:${m.email}`}>
              {m.email}
            </a>
          </dd>
          <dt className="text-muted-foreground">{t("form.company")}</dt>
          <dd>{m.company ?? "—"}</dd>
          <dt className="text-muted-foreground">{t("admin.language")}</dt>
          <dd>{t(`admin.languages.${m.locale}`)}</dd>
          <dt className="text-muted-foreground">{t("admin.received")}</dt>
          <dd>{dateTime(m.createdAt)}</dd>
        </dl>
        <p className="whitespace-pre-line break-words">{m.message}</p>
        <div className="flex flex-wrap gap-2">
          {abilities.mark ? (
            <Form method="post">
              <input type="hidden" name="intent" value={m.read ? "unread" : "read"} />
              <SubmitButton className="btn btn-outline btn-sm">{t(m.read ? "admin.markUnread" : "admin.markRead")}</SubmitButton>
            </Form>
          ) : null}
          {abilities.archive ? (
            <Form method="post">
              <input type="hidden" name="intent" value={m.archived ? "unarchive" : "archive"} />
              <SubmitButton className="btn btn-outline btn-sm">{t(m.archived ? "admin.unarchive" : "admin.archive")}</SubmitButton>
            </Form>
          ) : null}
        </div>
      </article>

      {abilities.reply ? (
        <section aria-labelledby="reply-heading" className="mt-6">
          <h2 id="reply-heading" className="mb-3 text-xl font-bold">
            {t("admin.replyTitle")}
          </h2>
          <Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="reply" />
            <TextAreaField
              key={result?.ok ? "sent" : "draft"}
              label={t("admin.replyLabel")}
              hint={t("admin.replyHint", { email: m.email, language: t(`admin.languages.${m.locale}`) })}
              name="body"
              required
              rows={8}
              maxLength={CONTACT_LIMITS.replyMax}
              defaultValue={replyFailed ? failure?.values.body : ""}
              error={replyFailed ? failure?.fieldErrors.body : undefined}
              errorValues={{ max: CONTACT_LIMITS.replyMax }}
            />
            <SubmitButton className="btn btn-primary" pendingLabel={t("admin.replySending")}>
              {t("admin.replySend")}
            </SubmitButton>
          </Form>
        </section>
      ) : null}

      <section aria-labelledby="history-heading" className="mt-6">
        <h2 id="history-heading" className="mb-3 text-xl font-bold">
          {t("admin.historyTitle")}
        </h2>
        {m.history.length === 0 ? (
          <p className="text-muted-foreground">{t("admin.historyEmpty")}</p>
        ) : (
          <RowList label={t("admin.historyTitle")}>
            {m.history.map((e) => (
              <li key={e.id} className="py-3">
                <p className="text-sm">
                  {t(`admin.history.${e.kind}`, { name: e.actorName })} · <time dateTime={e.createdAt}>{dateTime(e.createdAt)}</time>
                </p>
                {e.body ? <p className="mt-2 whitespace-pre-line break-words rounded-control bg-muted p-3">{e.body}</p> : null}
              </li>
            ))}
          </RowList>
        )}
      </section>
    </>
  );
}
