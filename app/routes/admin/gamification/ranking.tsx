import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { Field, SubmitButton, TextAreaField } from "#app/components/ui/form-field";
import { MiniAvatar } from "#app/components/ui/avatar";
import { failureFor } from "#app/lib/form";
import { ViewTabs } from "#app/components/ui/view-tabs";
import { GAMIFICATION_LIMITS as L } from "#shared/gamification-limits";
import { formatNumber, signedXp } from "#app/features/gamification/numbers";
import { adminPage, orRefused, searchParamsOf, unknownIntent } from "#app/features/admin/route.server";
import { ActionResult, AdminErrorBoundary, AdminHeading, NOINDEX, type AdminActionResult } from "#app/features/admin/shell";
import { EmptyState } from "#app/components/ui/empty-state";
import { Pagination } from "#app/components/ui/pagination";
import { SearchForm } from "#app/components/ui/search-form";
import { useDateFormat } from "#app/lib/use-date-format";
import type { FormFailure } from "#app/lib/form";
import { actionFailure } from "#app/lib/form.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { LedgerEntry } from "#server/modules/gamification";
import type { Route } from "./+types/ranking";
import { TableFrame } from "#app/components/ui/table";
import { useHrefWith } from "#app/lib/use-href-with";

export const handle = { i18n: ["admin", "levels", "badges"] };

const PERIODS = ["all", "month", "week"] as const;

/**
 * Admins and Moderators (the ranking read refuses anyone else): the leaderboard by period (`?period=`,
 * `?page=`), members found by name (`?q=`), and one member's XP history (`?member=<id>`, `?ledgerPage=`) with
 * the adjustment form for Admins.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, seo } = adminPage(context, request);
  const tab = await orRefused(context, request, context.services.gamification.rankingTab(actor, searchParamsOf(request)));
  const { adjustment, ...rest } = tab;
  // Back from an adjustment (post/redirect/get): confirmed from its ledger row, so a reload repeats nothing.
  const adjusted: AdminActionResult | null = adjustment
    ? {
        ok: true,
        message: "admin:gamification.ranking.adjusted",
        messageValues: { name: adjustment.username, amount: signedXp(adjustment.entry.amount), xp: adjustment.xp, level: adjustment.level },
      }
    : null;
  return { seo: seo("gamification.ranking.title"), ...rest, adjusted };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { actor } = adminPage(context, request);
  const game = context.services.gamification;
  const form = await request.formData();
  if (form.get("intent") !== "adjust-xp") return unknownIntent(form);
  let done: { userId: string; ledgerId: number };
  try {
    done = await game.adjustXp(actor, { userId: form.get("userId"), amount: form.get("amount"), reason: form.get("reason") });
  } catch (err) {
    return actionFailure(err, form, { "gamification.xp_negative": "amount" });
  }
  // Post/redirect/get: the confirmation comes from the ledger row, and reloading the page cannot post the
  // adjustment a second time (each post is a new ledger row).
  const url = new URL(request.url);
  url.searchParams.set("member", done.userId);
  url.searchParams.set("adjusted", String(done.ledgerId));
  url.searchParams.delete("ledgerPage");
  url.searchParams.delete("index");
  throw redirect(`${url.pathname}${url.search}`, 303);
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

/** The current URL with some query parameters changed (null removes one), for links that keep the view. */
/** The adjustment form (Admins): a whole number of XP other than 0 and the reason, which the audit log keeps. */
function AdjustXp({
  userId,
  name,
  formId,
  failure,
  open,
}: {
  userId: string;
  name: string;
  formId: string;
  failure?: FormFailure;
  open?: boolean;
}) {
  const { t } = useTranslation("admin");
  return (
    <details className="inline-block max-w-md align-top open:w-full" open={failure || open ? true : undefined}>
      <summary className="btn btn-outline min-h-9 cursor-pointer list-none px-3 py-1 text-sm">
        {t("gamification.ranking.adjust")}
        <span className="sr-only">: {name}</span>
      </summary>
      <Form method="post" className="card mt-2 space-y-3 p-4 text-left">
        <input type="hidden" name="intent" value="adjust-xp" />
        <input type="hidden" name="formId" value={formId} />
        <input type="hidden" name="userId" value={userId} />
        <input type="hidden" name="name" value={name} />
        <Field
          label={t("gamification.ranking.amountLabel")}
          name="amount"
          type="number"
          inputMode="numeric"
          min={-L.adjustMax}
          max={L.adjustMax}
          step={1}
          required
          defaultValue={failure?.values.amount}
          hint={t("gamification.ranking.amountHint")}
          error={failure?.fieldErrors.amount}
          errorValues={failure?.formErrorValues}
        />
        <TextAreaField
          label={t("gamification.ranking.reasonLabel")}
          name="reason"
          required
          minLength={L.reasonMin}
          maxLength={L.reasonMax}
          rows={2}
          defaultValue={failure?.values.reason}
          hint={t("gamification.ranking.reasonHint", { min: L.reasonMin, max: L.reasonMax })}
          error={failure?.fieldErrors.reason}
        />
        <SubmitButton pendingLabel={t("settings.saving")}>{t("gamification.ranking.adjustSubmit")}</SubmitButton>
      </Form>
    </details>
  );
}

type LedgerAchievement = { id: string; key: string; nameKey: string; names: { es: string | null; en: string | null } };

/** What one ledger row was for, and why its amount is what it is (cap, modifiers, reversal, restore, reason). */
function LedgerWhat({ e, achievements }: { e: LedgerEntry; achievements: LedgerAchievement[] }) {
  const { t } = useTranslation("admin");
  const tb = useTranslation("badges").t;
  const { locale } = useLocalePath();
  const other = e.counterpart?.username ?? t("gamification.ranking.ledger.someone");
  const achievement = achievements.find((a) => a.id === e.sourceId);
  const achievementName = achievement
    ? achievement.names[locale] || tb(achievement.nameKey, { defaultValue: achievement.key })
    : t("gamification.ranking.ledger.deletedAchievement");
  const label =
    e.reason === "like_received"
      ? t("gamification.ranking.ledger.reasons.like_received", { name: other })
      : e.reason === "adjustment"
        ? t("gamification.ranking.ledger.reasons.adjustment", { name: other })
        : e.reason === "achievement"
          ? t("gamification.ranking.ledger.reasons.achievement", { name: achievementName })
          : t(`gamification.ranking.ledger.reasons.${e.reason}`);
  const d = e.details as { capped?: "daily" | "pair"; beforeCap?: number; modifiers?: { modifier: string; from: number; to: number }[] };
  return (
    <>
      <span>{label}</span>
      <ul className="text-xs text-muted-foreground">
        {e.reversesId ? <li>{t("gamification.ranking.ledger.reverses", { id: e.reversesId })}</li> : null}
        {e.restoresId ? <li>{t("gamification.ranking.ledger.restores", { id: e.restoresId })}</li> : null}
        {d.capped ? <li>{t(`gamification.ranking.ledger.capped.${d.capped}`, { before: d.beforeCap ?? 0, amount: e.amount })}</li> : null}
        {(d.modifiers ?? []).map((m, i) => (
          <li key={i}>{t("gamification.ranking.ledger.modifier", { name: m.modifier, from: m.from, to: m.to })}</li>
        ))}
        {e.note ? (
          <li className="text-foreground">
            {t("gamification.ranking.ledger.note")}: {e.note}
          </li>
        ) : null}
      </ul>
    </>
  );
}

function MemberPanel({
  member,
  canAdjust,
  result,
}: {
  member: Exclude<Route.ComponentProps["loaderData"]["member"], null | "missing">;
  canAdjust: boolean;
  result?: AdminActionResult;
}) {
  const { t } = useTranslation("admin");
  const tl = useTranslation("levels").t;
  const { to, locale } = useLocalePath();
  const { dateTime } = useDateFormat();
  const hrefWith = useHrefWith();
  const formId = `adjust-panel-${member.userId}`;
  const failure = failureFor(result, "formId", formId);
  const { ledger } = member;
  return (
    <section id="member-panel" aria-labelledby="member-panel-heading" className="card mb-8 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="member-panel-heading" className="text-xl font-bold">
            {t("gamification.ranking.historyTitle", { name: member.username })}
          </h2>
          <p className="mt-1 text-sm">
            <Link className="link" to={to(`/u/${member.username}`)}>
              {t("gamification.ranking.profileLink", { name: member.username })}
            </Link>
          </p>
        </div>
        <Link className="btn btn-ghost text-sm" to={hrefWith({ member: null, ledgerPage: null })}>
          {t("gamification.ranking.closeHistory")}
        </Link>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">{t("gamification.ranking.xp")}</dt>
          <dd className="text-lg font-bold tabular-nums">{formatNumber(member.xp, locale)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("gamification.ranking.level")}</dt>
          <dd className="text-lg font-bold">
            {member.level} · {tl(member.titleKey, { defaultValue: member.titleKey })}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("gamification.ranking.statPoints")}</dt>
          <dd className="text-lg font-bold tabular-nums">{member.statPoints}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("gamification.ranking.ledgerRows")}</dt>
          <dd className="text-lg font-bold tabular-nums">{formatNumber(ledger.total, locale)}</dd>
        </div>
      </dl>
      {canAdjust ? (
        <div className="mt-4">
          <AdjustXp userId={member.userId} name={member.username} formId={formId} failure={failure} />
        </div>
      ) : null}
      <h3 className="mt-6 font-bold">{t("gamification.ranking.ledgerTitle")}</h3>
      <p className="mt-1 text-sm text-muted-foreground">{t("gamification.ranking.ledgerHelp")}</p>
      {ledger.items.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{t("gamification.ranking.ledgerEmpty")}</p>
      ) : (
        <TableFrame label={t("gamification.ranking.ledgerCaption", { name: member.username })} plain className="mt-3">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("gamification.ranking.ledgerCaption", { name: member.username })}</caption>
            <thead className="border-b border-border text-xs uppercase text-muted-foreground">
              <tr>
                <th scope="col" className="p-2">
                  {t("gamification.ranking.ledger.when")}
                </th>
                <th scope="col" className="p-2">
                  {t("gamification.ranking.ledger.what")}
                </th>
                <th scope="col" className="p-2 text-right">
                  {t("gamification.ranking.ledger.amount")}
                </th>
                <th scope="col" className="p-2 text-right">
                  {t("gamification.ranking.ledger.row")}
                </th>
              </tr>
            </thead>
            <tbody>
              {ledger.items.map((e) => (
                <tr key={e.id} className="border-t border-border align-top">
                  <td className="whitespace-nowrap p-2">{dateTime(e.createdAt)}</td>
                  <td className="p-2">
                    <LedgerWhat e={e} achievements={member.achievements} />
                  </td>
                  <td
                    className={`p-2 text-right font-semibold tabular-nums ${e.amount < 0 ? "text-danger" : e.amount > 0 ? "text-positive" : ""}`}
                  >
                    {signedXp(e.amount)}
                  </td>
                  <td className="p-2 text-right font-mono text-xs text-muted-foreground">#{e.id}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      <Pagination
        className="mt-4"
        page={ledger.page}
        pageCount={ledger.pageCount}
        param="ledgerPage"
        label={t("gamification.ranking.ledgerPages")}
      />
    </section>
  );
}

export default function GamificationRanking({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { to, locale } = useLocalePath();
  const { date } = useDateFormat();
  const hrefWith = useHrefWith();
  const { board, q, found, member } = loaderData;
  const result = (actionData as AdminActionResult | undefined) ?? loaderData.adjusted ?? undefined;
  const period = board.period;
  return (
    <>
      <AdminHeading title={t("gamification.ranking.title")}>
        <p>{t("gamification.ranking.lead")}</p>
        <p className="mt-2">{board.canAdjust ? t("gamification.ranking.adjustHelp") : t("gamification.ranking.readOnlyHelp")}</p>
      </AdminHeading>
      <div aria-live="polite" className="mb-4">
        <ActionResult result={result} />
      </div>

      {member === "missing" ? (
        <p className="card mb-8 p-5" role="status">
          {t("gamification.ranking.memberMissing")}
        </p>
      ) : member ? (
        <MemberPanel member={member} canAdjust={board.canAdjust} result={result} />
      ) : null}

      <section aria-labelledby="find-heading" className="mb-8">
        <h2 id="find-heading" className="text-xl font-bold">
          {t("gamification.ranking.findTitle")}
        </h2>
        <p className="mb-3 mt-1 text-sm text-muted-foreground">{t("gamification.ranking.findHelp")}</p>
        <SearchForm label={t("gamification.ranking.findLabel")} value={q} hidden={{ period: period === "all" ? null : period }} />
        {found ? (
          found.items.length === 0 ? (
            <EmptyState>{t("gamification.ranking.findEmpty")}</EmptyState>
          ) : (
            <ul className="card divide-y divide-border" aria-label={t("gamification.ranking.findResults")}>
              {found.items.map((u) => (
                <li key={u.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                  <span>
                    <strong>{u.username ?? u.email}</strong> <span className="text-muted-foreground">{u.email}</span>
                  </span>
                  <Link
                    className="btn btn-outline min-h-9 px-3 py-1 text-sm"
                    to={hrefWith({ member: u.id, ledgerPage: null }, "#member-panel")}
                  >
                    {t("gamification.ranking.showHistory")}
                    <span className="sr-only">: {u.username ?? u.email}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )
        ) : null}
      </section>

      <section aria-labelledby="board-heading">
        <h2 id="board-heading" className="text-xl font-bold">
          {t("gamification.ranking.boardTitle")}
        </h2>
        <p className="mb-3 mt-1 text-sm text-muted-foreground">
          {board.startsOn
            ? t(`gamification.ranking.since.${period}`, { date: date(`${board.startsOn}T00:00:00Z`) })
            : t("gamification.ranking.since.all")}
        </p>
        <ViewTabs
          label={t("gamification.ranking.periodLabel")}
          tabs={PERIODS.map((p) => ({
            key: p,
            label: t(`gamification.ranking.periods.${p}`),
            params: { period: p === "all" ? null : p },
            current: p === period,
          }))}
        />
        {board.entries.length === 0 ? (
          <EmptyState>{t(`gamification.ranking.empty.${period}`)}</EmptyState>
        ) : (
          <ol
            className="space-y-2"
            aria-label={t("gamification.ranking.boardLabel", { period: t(`gamification.ranking.periods.${period}`) })}
          >
            {board.entries.map((e) => {
              const formId = `adjust-${e.userId}`;
              const failure = failureFor(result, "formId", formId);
              return (
                <li key={e.userId} className="card flex flex-wrap items-start justify-between gap-3 p-3">
                  <div className="flex min-w-0 items-center gap-3">
                    <span className="w-10 text-right text-lg font-black tabular-nums">
                      <span className="sr-only">{t("gamification.ranking.rank")} </span>
                      {e.rank}
                    </span>
                    <MiniAvatar url={e.avatarUrl} userId={e.userId} username={e.username} size={32} />
                    <div className="min-w-0">
                      <Link className="link font-semibold" to={to(`/u/${e.username}`)}>
                        {e.username}
                      </Link>
                      <p className="text-sm text-muted-foreground">
                        {t("gamification.ranking.levelValue", { level: e.level })} ·{" "}
                        {t(`gamification.ranking.xpValue.${period}`, { xp: formatNumber(e.xp, locale) })}
                      </p>
                    </div>
                  </div>
                  <div className="flex flex-wrap items-start justify-end gap-2">
                    <Link
                      className="btn btn-outline min-h-9 px-3 py-1 text-sm"
                      to={hrefWith({ member: e.userId, ledgerPage: null }, "#member-panel")}
                    >
                      {t("gamification.ranking.showHistory")}
                      <span className="sr-only">: {e.username}</span>
                    </Link>
                    {board.canAdjust ? <AdjustXp userId={e.userId} name={e.username} formId={formId} failure={failure} /> : null}
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        <Pagination className="mt-4" page={board.page} pageCount={board.pageCount} />
      </section>
    </>
  );
}
