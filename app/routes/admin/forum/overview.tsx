import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DayChart } from "#app/features/admin/day-chart";
import { FORUM_AUDIT_PATH } from "#app/features/admin/nav";
import { adminPage, orRefused } from "#app/features/admin/route.server";
import { AdminErrorBoundary, AdminHeading, NOINDEX } from "#app/features/admin/shell";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/overview";

export const handle = { i18n: ["admin"] };

/** Moderators and Admins: the forum's size, what waits for the team, and 30 days of activity. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, admin, seo } = adminPage(context, request);
  const overview = await orRefused(context, request, context.services.forum.forumOverview(actor));
  const flags = await context.services.settings.runtimeFlags();
  return { seo: seo("forum.overview.title"), overview, forumEnabled: flags.forum_enabled, abilities: admin.abilities(actor) };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

const CARDS = [
  ["threads", null],
  ["posts", null],
  ["openReports", "/admin/forum/moderation"],
  ["hiddenItems", "/admin/forum/moderation?view=hidden"],
  ["activeBans", "/admin/forum/users?banned=1"],
  ["activeMembers", null],
] as const;

export default function ForumOverview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { to } = useLocalePath();
  const { overview, forumEnabled, abilities } = loaderData;
  const totals = overview.activity.reduce((s, d) => ({ threads: s.threads + d.threads, posts: s.posts + d.posts }), {
    threads: 0,
    posts: 0,
  });
  return (
    <>
      <AdminHeading title={t("forum.overview.title")}>{t("forum.overview.lead")}</AdminHeading>

      <p role="status" className={`card mb-6 p-4 text-sm ${forumEnabled ? "" : "border-danger/60"}`}>
        {forumEnabled ? t("forum.overview.enabled") : t("forum.overview.disabled")}{" "}
        {abilities.forumSettings ? (
          <Link className="link" to={to("/admin/forum/settings")}>
            {t("forum.overview.settingsLink")}
          </Link>
        ) : null}
      </p>

      <section aria-labelledby="forum-counts-heading">
        <h2 id="forum-counts-heading" className="sr-only">
          {t("forum.overview.countsTitle")}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {CARDS.map(([key, href]) => (
            <div key={key} className="card p-4">
              <dt className="text-sm text-muted-foreground">{t(`forum.overview.counts.${key}`)}</dt>
              <dd className="mt-1 text-3xl font-black tabular-nums">{overview.counts[key]}</dd>
              {href ? (
                <dd className="mt-1 text-sm">
                  <Link className="link inline-block py-1" to={to(href)}>
                    {t(`forum.overview.links.${key}`)}
                  </Link>
                </dd>
              ) : null}
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="forum-activity-heading" className="mt-6">
        <h2 id="forum-activity-heading" className="mb-3 text-xl font-bold">
          {t("forum.overview.activity.title")}
        </h2>
        <DayChart
          id="forum-activity"
          caption={t("forum.overview.activity.caption", {
            threads: t("forum.overview.activity.threads", { count: totals.threads }),
            posts: t("forum.overview.activity.posts", { count: totals.posts }),
            days: t("forum.overview.activity.days", { count: overview.activity.length }),
          })}
          tableCaption={t("forum.overview.activity.tableCaption")}
          showTableLabel={t("forum.overview.activity.showTable")}
          dayLabel={t("forum.overview.activity.day")}
          series={[
            { label: t("forum.overview.activity.threads"), className: "text-primary" },
            { label: t("forum.overview.activity.posts"), className: "text-accent" },
          ]}
          days={overview.activity.map((d) => ({ day: d.day, counts: [d.threads, d.posts] }))}
        />
      </section>

      <section aria-labelledby="forum-audit-heading" className="card mt-6 flex flex-wrap items-center justify-between gap-4 p-5">
        <div>
          <h2 id="forum-audit-heading" className="text-lg font-bold">
            {t("forum.overview.audit.title")}
          </h2>
          <p className="text-muted-foreground">{t("forum.overview.audit.text")}</p>
        </div>
        <Link to={to(FORUM_AUDIT_PATH)} className="btn btn-primary">
          {t("forum.overview.audit.link")}
        </Link>
      </section>
    </>
  );
}
