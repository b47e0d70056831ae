import { useTranslation } from "react-i18next";
import { AchievementList, achievementAnchor } from "#app/features/gamification/achievement-list";
import { achievementName } from "#app/features/gamification/achievement-name";
import { toLedgerRow } from "#app/features/gamification/ledger";
import { ledgerSources } from "#app/features/gamification/ledger-sources.server";
import { LevelOverview } from "#app/features/gamification/level-overview";
import { XpHistory } from "#app/features/gamification/xp-history";
import { requireUser } from "#app/lib/guards.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/progress-tab";
import { PROGRESS_HISTORY_PAGE_SIZE as HISTORY_PAGE_SIZE } from "#shared/page-sizes";

export const handle = { i18n: ["account", "progress", "levels", "badges", "forum"] };

/** The XP history shows 20 rows a page (the ledger's own default is 50, for the team's views). */

/**
 * SPEC §2 /account: one's own level, XP, progress, stat points, counters, every achievement, and the
 * XP history that explains them (`?page=n`). Only ever the signed-in person's: the ledger refuses anyone
 * else's to a member.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const actor = requireUser(context, request);
  const { t, seo } = pageTools(context, request, "progress");
  const game = context.services.gamification;
  const page = new URL(request.url).searchParams.get("page") ?? undefined;
  const summary = await game.personSummary({ userId: actor.userId });
  const ledger = await game.listLedger(actor, { userId: actor.userId, page, pageSize: HISTORY_PAGE_SIZE });
  if (ledger.page > ledger.pageCount) throw new Response("Not Found", { status: 404 });
  const sources = await ledgerSources(context, actor, ledger.items);
  return {
    seo: seo({
      title: `${t("title")} · ${pageTools(context, request, "account").t("title")}`,
      description: t("description"),
      noindex: true,
    }),
    summary,
    history: {
      rows: ledger.items.map((e) => toLedgerRow(e, sources)),
      page: ledger.page,
      pageCount: ledger.pageCount,
      total: ledger.total,
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function ProgressTab({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("progress");
  const { locale, to } = useLocalePath();
  const { summary, history } = loaderData;
  const byId = new Map(summary.achievements.map((a) => [a.id, a]));
  const pageHref = (p: number) => `${to("/account/progress")}${p > 1 ? `?page=${p}` : ""}#xp-history`;
  return (
    <div className="space-y-6">
      <p className="text-muted-foreground">{t("lead")}</p>
      <LevelOverview summary={summary} locale={locale} historyHref="#xp-history" />
      <AchievementList achievements={summary.achievements} locale={locale} />
      <XpHistory
        rows={history.rows}
        page={history.page}
        pageCount={history.pageCount}
        total={history.total}
        locale={locale}
        hrefFor={pageHref}
        achievementName={(id) => {
          const a = byId.get(id);
          return a ? achievementName(t, locale, a) : null;
        }}
        achievementHref={(id) => {
          const a = byId.get(id);
          return a ? `#${achievementAnchor(a.key)}` : null;
        }}
      />
    </div>
  );
}
