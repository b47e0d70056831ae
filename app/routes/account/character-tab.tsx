import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormAlert } from "#app/components/ui/form-field";
import { toast } from "#app/components/ui/toast";
import { ClassChange, ClassPicker, PerkList, usePerkText } from "#app/features/character/classes";
import { GoldHistoryTable } from "#app/features/character/gold-history";
import { StatPoints } from "#app/features/character/stat-points";
import { formatNumber } from "#app/features/gamification/numbers";
import { useHydrated } from "#app/features/notifications/use-hydrated";
import { actionFailure } from "#app/lib/form.server";
import { requireUser } from "#app/lib/guards.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import { CHARACTER_STATS, type CharacterClass } from "#shared/character";
import type { StatBlock } from "#server/modules/character";
import type { Route } from "./+types/character-tab";

export const handle = { i18n: ["account", "character", "badges"] };

/**
 * SPEC §1, §2 /account/character: one's own character. Before the first pick, the four classes to choose
 * from; then the stats (own, from items, total), stat points to spend (with a confirmation step), the class
 * change (its cost, confirmed), the perks, and the gold history that explains the balance (`?page=n`).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const actor = requireUser(context, request);
  const { t, seo } = pageTools(context, request, "character");
  const character = context.services.character;
  const page = new URL(request.url).searchParams.get("page") ?? undefined;
  const sheet = await character.getCharacter(actor, { userId: actor.userId });
  const history = await character.goldHistory(actor, { userId: actor.userId, page });
  if (history.page > history.pageCount) throw new Response("Not Found", { status: 404 });
  return {
    seo: seo({
      title: `${t("title")} · ${pageTools(context, request, "account").t("title")}`,
      description: t("description"),
      noindex: true,
    }),
    abilities: character.abilities(actor),
    sheet,
    history,
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

const fieldsOf = (form: FormData) => Object.fromEntries(CHARACTER_STATS.map((s) => [s, String(form.get(s) ?? "")]));

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requireUser(context, request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const character = context.services.character;
  try {
    switch (intent) {
      case "choose_class": {
        const r = await character.chooseClass(actor, { characterClass: form.get("characterClass") });
        return { ok: true as const, intent, characterClass: r.characterClass as CharacterClass };
      }
      case "change_class": {
        const r = await character.changeClass(actor, { characterClass: form.get("characterClass") });
        return { ok: true as const, intent, characterClass: r.characterClass as CharacterClass };
      }
      case "review_points": {
        const r = await character.reviewStatPoints(actor, fieldsOf(form));
        return { ok: true as const, intent, review: r.spend as StatBlock };
      }
      case "edit_points":
        return { ok: true as const, intent, values: fieldsOf(form) };
      case "spend_points": {
        const r = await character.spendStatPoints(actor, fieldsOf(form));
        return { ok: true as const, intent, spent: r.spent };
      }
      default:
        throw new Response("Bad Request", { status: 400 });
    }
  } catch (err) {
    return actionFailure(err, form);
  }
}

export default function CharacterTab({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("character");
  const { locale, to } = useLocalePath();
  const hydrated = useHydrated();
  const perk = usePerkText();
  const { sheet, history, abilities } = loaderData;
  const done = actionData?.ok ? successMessage(actionData, t) : null;
  useEffect(() => {
    if (done) toast({ title: done, variant: "success" });
  }, [done]);
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const failedIntent = failure?.values.intent;
  const pointsFailure = failedIntent === "review_points" || failedIntent === "spend_points" ? failure : undefined;
  const review = actionData?.ok && actionData.intent === "review_points" && "review" in actionData ? actionData.review : null;
  const typed = pointsFailure?.values ?? (actionData?.ok && "values" in actionData ? actionData.values : undefined);
  const pageHref = (p: number) => `${to("/account/character")}${p > 1 ? `?page=${p}` : ""}#gold-history`;
  const cls = sheet.characterClass;
  return (
    <div className="space-y-6">
      <p className="text-muted-foreground">{t("lead")}</p>
      {done && !hydrated ? <FormAlert message={done} variant="success" /> : null}
      {failure && !pointsFailure ? <FormAlert message={failure.formError} values={failure.formErrorValues} /> : null}
      {!abilities.play ? (
        <FormAlert message={t("noPlay")} variant="info" />
      ) : !cls ? (
        <ClassPicker chosen={failure?.values.characterClass} cost={sheet.classChangeCost} error={failure?.fieldErrors.characterClass} />
      ) : (
        <>
          <section className="card p-6" aria-labelledby="sheet-heading">
            <h2 id="sheet-heading" className="text-xl font-bold">
              {t("sheet.heading")}
            </h2>
            <p className="mt-1 text-lg font-semibold">{t("sheet.classLine", { class: t(`classes.${cls}.name`), level: sheet.level })}</p>
            <p className="text-primary">{t("sheet.perk", { perk: perk(cls) })}</p>
            <p className="mt-2">
              <span className="font-semibold">{t("sheet.gold")}: </span>
              {t("sheet.goldAmount", { count: sheet.gold, amount: formatNumber(sheet.gold, locale) })}
            </p>
            <StatTable sheet={sheet} />
            <p className="mt-3 text-sm">
              <Link to={to("/account/inventory")} className="link inline-block py-1">
                {t("sheet.inventoryLink")}
              </Link>
            </p>
          </section>
          <StatPoints statPoints={sheet.statPoints} base={sheet.base} review={review} values={typed} failure={pointsFailure} />
          <ClassChange current={cls} cost={sheet.classChangeCost} gold={sheet.gold} />
        </>
      )}
      <PerkList own={cls} />
      <GoldHistoryTable history={history} hrefFor={pageHref} />
    </div>
  );
}

function StatTable({ sheet }: { sheet: { base: StatBlock; bonus: StatBlock; total: StatBlock } }) {
  const { t } = useTranslation("character");
  return (
    <table className="mt-4 w-full max-w-md text-left text-sm">
      <caption className="sr-only">{t("sheet.statsCaption")}</caption>
      <thead className="border-b border-border text-muted-foreground">
        <tr>
          <th scope="col" className="py-2 pr-3 font-semibold">
            {t("sheet.stat")}
          </th>
          <th scope="col" className="py-2 pr-3 text-right font-semibold">
            {t("sheet.base")}
          </th>
          <th scope="col" className="py-2 pr-3 text-right font-semibold">
            {t("sheet.items")}
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            {t("sheet.total")}
          </th>
        </tr>
      </thead>
      <tbody>
        {CHARACTER_STATS.map((s) => (
          <tr key={s} className="border-b border-border last:border-0">
            <th scope="row" className="py-2 pr-3 font-medium">
              {t(`stats.${s}`)}
            </th>
            <td className="py-2 pr-3 text-right">{sheet.base[s]}</td>
            <td className="py-2 pr-3 text-right text-muted-foreground">
              {sheet.bonus[s] > 0 ? `+${sheet.bonus[s]}` : sheet.bonus[s] < 0 ? `−${Math.abs(sheet.bonus[s])}` : "0"}
            </td>
            <td className="py-2 text-right font-bold">{sheet.total[s]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type Done =
  | { ok: true; intent: string; characterClass: CharacterClass }
  | { ok: true; intent: string; spent: number }
  | { ok: true; intent: string; review: StatBlock }
  | { ok: true; intent: string; values: Record<string, string> };

/** The success message of an action, in words (null for the steps that are not a change). */
function successMessage(result: Done, t: (key: string, values?: Record<string, unknown>) => string): string | null {
  if ("characterClass" in result) {
    return t(result.intent === "choose_class" ? "pick.done" : "change.done", { class: t(`classes.${result.characterClass}.label`) });
  }
  if ("spent" in result) return t("points.done", { count: result.spent });
  return null;
}
