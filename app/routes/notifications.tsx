import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { RelativeTime } from "#app/components/ui/relative-time";
import { Pagination } from "#app/features/forum/ui";
import {
  moderationReason,
  notificationSentence,
  notificationTarget,
  openPath,
  type NotificationItem,
} from "#app/features/notifications/describe";
import { NotificationPictureView } from "#app/features/notifications/picture";
import { actionFailure } from "#app/lib/form.server";
import { requireUser } from "#app/lib/guards.server";
import { pageErrorFor } from "#app/lib/page-error.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/notifications";

// The forum namespace brings the pagination's words.
export const handle = { i18n: ["notifications", "forum", "badges"] };

/**
 * One's notifications, newest first with the unread ones marked, 20 a page (`?filter=unread` for the unread
 * only). `?open=<id>` opens one: it is marked read and the person goes on to what it is about (its post or
 * thread, the person who acted, one's progress).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const actor = requireUser(context, request);
  const notes = context.services.notifications;
  const q = new URL(request.url).searchParams;
  const open = q.get("open");
  if (open !== null) {
    // Someone else's notification, or an id that is not one, is a page that does not exist.
    const n = await notes.open(actor, { id: open }).catch(pageErrorFor);
    throw redirect(`${context.localePrefix}${notificationTarget(n)}`);
  }
  const unreadOnly = q.get("filter") === "unread";
  const list = await notes.list(actor, { page: q.get("page") ?? undefined, unreadOnly });
  if (list.page > list.pageCount) throw new Response("Not Found", { status: 404 });
  const { t, seo } = pageTools(context, request, "notifications");
  return {
    seo: seo({ title: t("title"), description: t("description"), noindex: true }),
    items: list.items,
    unread: list.unread,
    page: list.page,
    pageCount: list.pageCount,
    filter: unreadOnly ? ("unread" as const) : ("all" as const),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

type Done = { ok: true; intent: string; message: string; count: number };

/** Native forms: mark one read (`intent=read`, `id`; only one's own) or all of them (`intent=read-all`). */
export async function action({ context, request }: Route.ActionArgs) {
  const actor = requireUser(context, request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const notes = context.services.notifications;
  try {
    if (intent === "read") {
      const { updated } = await notes.markRead(actor, { id: String(formData.get("id") ?? "") });
      return { ok: true, intent, message: "notifications:marked", count: updated } satisfies Done;
    }
    if (intent === "read-all") {
      const { updated } = await notes.markRead(actor, { all: true });
      return { ok: true, intent, message: "notifications:markedAll", count: updated } satisfies Done;
    }
  } catch (err) {
    return actionFailure(err, formData);
  }
  throw new Response("Bad Request", { status: 400 });
}

export default function NotificationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("notifications");
  const { to } = useLocalePath();
  const { items, unread, page, pageCount, filter } = loaderData;
  const pathFor = (f: "all" | "unread", p = 1) => {
    const params = new URLSearchParams();
    if (f === "unread") params.set("filter", "unread");
    if (p > 1) params.set("page", String(p));
    const query = params.toString();
    return to(`/notifications${query ? `?${query}` : ""}`);
  };
  const filterClass = (active: boolean) =>
    `inline-block rounded-full border px-3 py-1 text-sm font-semibold no-underline ${active ? "border-primary bg-muted text-foreground" : "border-border text-muted-foreground hover:text-foreground"}`;

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-black sm:text-4xl">{t("title")}</h1>
        <p className="text-muted-foreground">{unread > 0 ? t("lead", { count: unread }) : t("leadNone")}</p>
      </header>

      {actionData?.ok ? <FormAlert message={actionData.message} values={{ count: actionData.count }} variant="success" /> : null}
      {actionData && !actionData.ok ? <FormAlert message={actionData.formError} values={actionData.formErrorValues} /> : null}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label={t("filters.label")}>
          <ul className="flex gap-2">
            {(["all", "unread"] as const).map((f) => (
              <li key={f}>
                <Link to={pathFor(f)} className={filterClass(filter === f)} aria-current={filter === f ? "page" : undefined}>
                  {t(`filters.${f}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {unread > 0 ? (
          <Form method="post">
            <SubmitButton name="intent" value="read-all" className="btn btn-outline">
              {t("markAllRead")}
            </SubmitButton>
          </Form>
        ) : null}
      </div>

      {items.length === 0 ? (
        <p className="card p-6 text-muted-foreground">{filter === "unread" ? t("emptyUnread") : t("empty")}</p>
      ) : (
        <ul className="space-y-3">
          {items.map((n) => (
            <NotificationRow key={n.id} n={n} />
          ))}
        </ul>
      )}

      <Pagination page={page} pageCount={pageCount} hrefFor={(p) => pathFor(filter, p)} label={t("pagination")} />
    </div>
  );
}

function NotificationRow({ n }: { n: NotificationItem }) {
  const { t } = useTranslation("notifications");
  const { to, locale } = useLocalePath();
  const sentence = notificationSentence(t, n, locale);
  const reason = moderationReason(n);
  const unread = !n.readAt;
  return (
    // Picture and text side by side; the mark-as-read button beside them from sm, under the text on a phone
    // (beside it, it left the sentence a column too narrow for a whole word).
    <li
      className={`card grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 gap-y-2 p-4 sm:grid-cols-[auto_minmax(0,1fr)_auto] ${unread ? "border-primary/60" : ""}`}
    >
      <NotificationPictureView n={n} size={36} />
      <div className="min-w-0 space-y-1">
        <p className={unread ? "font-semibold" : "text-muted-foreground"}>
          {unread ? (
            <span className="mr-2 inline-block rounded-full bg-primary px-2 py-0.5 text-xs font-bold text-primary-foreground">
              {t("unreadBadge")}
            </span>
          ) : null}
          <Link to={to(openPath(n.id))} className="link break-words">
            {sentence}
          </Link>
        </p>
        {reason ? <p className="text-sm text-muted-foreground">{t("reason", { reason })}</p> : null}
        <RelativeTime date={n.createdAt} locale={locale} className="text-sm text-muted-foreground" />
      </div>
      {unread ? (
        // Under the text on a phone, its word lined up with the sentence's (the ghost button's padding pulled back).
        <Form method="post" className="col-start-2 -ms-4 sm:col-start-auto sm:ms-0">
          <input type="hidden" name="id" value={n.id} />
          <button type="submit" name="intent" value="read" className="btn btn-ghost text-sm" aria-label={t("markReadLabel", { sentence })}>
            {t("markRead")}
          </button>
        </Form>
      ) : null}
    </li>
  );
}
