import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ButtonLink } from "#app/components/ui/button";
import { ArenaNav } from "#app/features/arena/arena-nav";
import { ArenaQueue, type QueueView } from "#app/features/arena/arena-queue";
import { ArenaRecordCard } from "#app/features/arena/arena-record";
import { RecentMatches, type RecentMatch } from "#app/features/arena/recent-matches";
import type { FormFailure } from "#app/lib/form";
import { actionFailure } from "#app/lib/form.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/arena";

export const handle = { i18n: ["arena"] };
export { actionHeaders as headers } from "#app/lib/route-headers";

/**
 * /arena (SPEC §4): for a member, their rating and record, the queue (enter, wait, match found or 'Could not
 * find an opponent.') and their recent matches; for a visitor, what the arena is and a way to sign in.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { t, seo } = pageTools(context, request, "arena");
  const actor = context.actor;
  const arena = context.services.character;
  const meta = seo({ title: t("title"), description: t("description"), noindex: !!actor });
  if (!actor || !arena.abilities(actor).play) return { seo: meta, member: null };
  const page = new URL(request.url).searchParams.get("page") ?? undefined;
  const status = await arena.arenaQueueStatus(actor);
  const record = await arena.arenaRecord(actor, { userId: actor.userId });
  const list = await arena.listArenaMatches(actor, { userId: actor.userId, page });
  const matches: RecentMatch[] = list.items.map((m) => ({
    id: m.id,
    createdAt: m.createdAt.toISOString(),
    opponent: m.opponent.username,
    result: m.result,
    rated: m.rated,
    ratingAfter: m.ratingAfter,
    ratingChange: m.ratingAfter - m.ratingBefore,
    gold: m.gold,
  }));
  const entry = status.entry;
  const found = entry?.matchId ? matches.find((m) => m.id === entry.matchId) : undefined;
  const queue: QueueView = {
    state: entry?.status ?? "idle",
    expiresAt: entry?.expiresAt.toISOString() ?? null,
    matchId: entry?.matchId ?? null,
    result: found ? { result: found.result, opponent: found.opponent } : null,
    hasClass: status.hasClass,
    matchesToday: status.matchesToday,
    dailyCap: status.dailyCap,
    queueSeconds: status.queueSeconds,
  };
  return { seo: meta, member: { queue, record, matches, page: list.page, pageCount: list.pageCount, total: list.total } };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const arena = context.services.character;
  try {
    if (form.get("intent") === "leave") await arena.leaveArenaQueue(context.actor);
    else await arena.joinArenaQueue(context.actor);
    return { ok: true as const };
  } catch (err) {
    return actionFailure(err, form);
  }
}

export default function ArenaPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("arena");
  const { to, locale } = useLocalePath();
  const failure = actionData && !actionData.ok ? (actionData as FormFailure) : undefined;
  const { member } = loaderData;
  return (
    <div className="space-y-8">
      <header className="space-y-3">
        <h1 className="text-3xl font-black">{t("title")}</h1>
        <p className="max-w-3xl text-muted-foreground">{t("intro")}</p>
      </header>
      <ArenaNav />
      {!member ? (
        <p className="card p-4 sm:p-6">
          {t("visitor")}{" "}
          <Link to={to(`/login?redirectTo=${encodeURIComponent("/arena")}`)} className="link">
            {t("signIn")}
          </Link>
        </p>
      ) : (
        <>
          <div className="grid gap-6 lg:grid-cols-2">
            {member.queue.hasClass ? (
              <ArenaQueue queue={member.queue} failure={failure} />
            ) : (
              <section className="card space-y-4 p-4 sm:p-6">
                <p>{t("noClass")}</p>
                <ButtonLink to={to("/account/character")}>{t("toCharacter")}</ButtonLink>
              </section>
            )}
            <ArenaRecordCard record={member.record} locale={locale} heading={t("record.heading")} />
          </div>
          <RecentMatches matches={member.matches} page={member.page} pageCount={member.pageCount} total={member.total} />
        </>
      )}
    </div>
  );
}
