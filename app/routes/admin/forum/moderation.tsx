import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ActionToast } from "#app/features/admin/action-toast";
import { failureFor } from "#app/lib/form";
import { postLinkPath } from "#shared/forum-paths";
import { ViewTabs } from "#app/components/ui/view-tabs";
import { NoteField, ReportCard } from "#app/features/forum/admin/report-card";
import { adminPage, orRefused, searchParamsOf, unknownIntent } from "#app/features/admin/route.server";
import { ActionResult, AdminErrorBoundary, AdminHeading, NOINDEX, type AdminActionResult } from "#app/features/admin/shell";
import { ConfirmAction } from "#app/components/ui/disclosure-form";
import { EmptyState } from "#app/components/ui/empty-state";
import { Pagination } from "#app/components/ui/pagination";
import { useDateFormat } from "#app/lib/use-date-format";
import { actionFailure } from "#app/lib/form.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/moderation";

export const handle = { i18n: ["admin"] };

const STATUSES = ["open", "resolved", "ignored"] as const;
const KINDS = ["thread", "post"] as const;

/**
 * Moderators and Admins: the report queue (`?status=`) and the hidden content (`?view=hidden&kind=`), both
 * paginated in the URL. Each list's tabs show the other counts, so both are read.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, seo } = adminPage(context, request);
  const q = searchParamsOf(request);
  const view = q.view === "hidden" ? "hidden" : "reports";
  const forum = context.services.forum;
  const reports = await orRefused(
    context,
    request,
    forum.listReports(actor, { status: q.status, page: view === "reports" ? q.page : undefined }),
  );
  const hidden = await orRefused(context, request, forum.listHidden(actor, { kind: q.kind, page: view === "hidden" ? q.page : undefined }));
  return { seo: seo("forum.moderation.title"), view, reports, hidden };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { actor } = adminPage(context, request);
  const forum = context.services.forum;
  const form = await request.formData();
  const intent = form.get("intent");
  const reason = form.get("reason");
  try {
    if (intent === "resolve") {
      const input = { reportId: form.get("reportId"), reason };
      if (form.get("hide") === "on") {
        const r = await forum.resolveReportHiding(actor, input);
        const message =
          r.hidden === "thread"
            ? "admin:forum.moderation.resolvedThreadHidden"
            : r.hidden === "post"
              ? "admin:forum.moderation.resolvedHidden"
              : "admin:forum.moderation.resolved";
        return { ok: true, message } satisfies AdminActionResult;
      }
      await forum.resolveReport(actor, input);
      return { ok: true, message: "admin:forum.moderation.resolved" } satisfies AdminActionResult;
    }
    if (intent === "ignore") {
      await forum.ignoreReport(actor, { reportId: form.get("reportId"), reason });
      return { ok: true, message: "admin:forum.moderation.ignored" } satisfies AdminActionResult;
    }
    if (intent === "publish") {
      const kind = form.get("kind");
      const id = form.get("id");
      if (kind === "thread") await forum.unhideThread(actor, { threadId: id, reason });
      else if (kind === "post") await forum.unhidePost(actor, { postId: id, reason });
      else return unknownIntent(form);
      return { ok: true, message: "admin:forum.moderation.published" } satisfies AdminActionResult;
    }
    return unknownIntent(form);
  } catch (err) {
    return actionFailure(err, form);
  }
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

export default function ForumModeration({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { to } = useLocalePath();
  const { dateTime } = useDateFormat();
  const { view, reports, hidden } = loaderData;
  const result = actionData as AdminActionResult | undefined;
  const name = (u: { username: string | null } | null) => u?.username ?? t("forum.deletedUser");
  return (
    <>
      <AdminHeading title={t("forum.moderation.title")}>{t("forum.moderation.lead")}</AdminHeading>
      {/* A decision's outcome is a toast (the report it was about may have just left the list); a refusal stays here. */}
      <ActionToast result={result} />
      <div aria-live="polite" className="mb-4">
        <ActionResult result={result?.ok ? undefined : result} />
      </div>
      <ViewTabs
        label={t("forum.moderation.viewsLabel")}
        tabs={[
          {
            key: "reports",
            label: t("forum.moderation.views.reports", { count: reports.counts.open }),
            params: { view: null, kind: null },
            current: view === "reports",
          },
          {
            key: "hidden",
            label: t("forum.moderation.views.hidden", { count: hidden.counts.threads + hidden.counts.posts }),
            params: { view: "hidden", status: null },
            current: view === "hidden",
          },
        ]}
      />

      {view === "reports" ? (
        <section aria-labelledby="reports-heading">
          <h2 id="reports-heading" className="mb-2 text-xl font-bold">
            {t(`forum.moderation.reports.heading.${reports.status}`)}
          </h2>
          <ViewTabs
            label={t("forum.moderation.reports.statusLabel")}
            tabs={STATUSES.map((s) => ({
              key: s,
              label: t(`forum.moderation.reports.status.${s}`, { count: reports.counts[s] }),
              params: { status: s === "open" ? null : s },
              current: reports.status === s,
            }))}
          />
          {reports.items.length === 0 ? (
            <EmptyState>{t(`forum.moderation.reports.empty.${reports.status}`)}</EmptyState>
          ) : (
            <ul className="space-y-4">
              {reports.items.map((r) => {
                return (
                  <li key={r.id}>
                    <ReportCard report={r} result={result} />
                  </li>
                );
              })}
            </ul>
          )}
          <Pagination className="mt-4" page={reports.page} pageCount={reports.pageCount} total={reports.counts[reports.status]} />
        </section>
      ) : (
        <section aria-labelledby="hidden-heading">
          <h2 id="hidden-heading" className="mb-2 text-xl font-bold">
            {t("forum.moderation.hidden.heading")}
          </h2>
          <p className="mb-3 text-sm text-muted-foreground">{t("forum.moderation.hidden.help")}</p>
          <ViewTabs
            label={t("forum.moderation.hidden.kindLabel")}
            tabs={KINDS.map((k) => ({
              key: k,
              label: t(`forum.moderation.hidden.kind.${k}`, { count: k === "thread" ? hidden.counts.threads : hidden.counts.posts }),
              params: { kind: k === "thread" ? null : k },
              current: hidden.kind === k,
            }))}
          />
          {hidden.items.length === 0 ? (
            <EmptyState>{t(`forum.moderation.hidden.empty.${hidden.kind}`)}</EmptyState>
          ) : (
            <ul className="space-y-4">
              {hidden.items.map((item) => {
                const failure = failureFor(result, "id", item.id);
                return (
                  <li key={`${item.kind}-${item.id}`}>
                    <article className="card p-5" aria-labelledby={`hidden-${item.id}`}>
                      <h3 id={`hidden-${item.id}`} className="font-bold">
                        <Link className="link" to={to(postLinkPath(item.thread.forumSlug, item.thread.slug, item.number))}>
                          {item.kind === "thread"
                            ? item.thread.title
                            : t("forum.moderation.reports.postIn", { number: item.number, title: item.thread.title })}
                        </Link>
                      </h3>
                      <p className="mt-1 text-sm text-muted-foreground">
                        {t("forum.moderation.hidden.byline", { author: name(item.author), date: dateTime(item.at) })}
                      </p>
                      {item.excerpt ? (
                        <blockquote className="mt-3 whitespace-pre-line border-l-4 border-border pl-3 text-sm">{item.excerpt}</blockquote>
                      ) : null}
                      <div className="mt-4">
                        <ConfirmAction
                          tone="primary"
                          label={t("forum.moderation.publish")}
                          question={t(
                            item.kind === "thread" ? "forum.moderation.confirmPublishThread" : "forum.moderation.confirmPublishPost",
                          )}
                          confirmLabel={t("forum.moderation.confirmPublishButton")}
                          intent="publish"
                          fields={{ kind: item.kind, id: item.id }}
                          open={!!failure}
                        >
                          <NoteField failure={failure} idSuffix={`publish-${item.id}`} />
                        </ConfirmAction>
                      </div>
                    </article>
                  </li>
                );
              })}
            </ul>
          )}
          <Pagination
            className="mt-4"
            page={hidden.page}
            pageCount={hidden.pageCount}
            total={hidden.kind === "thread" ? hidden.counts.threads : hidden.counts.posts}
          />
        </section>
      )}
    </>
  );
}
