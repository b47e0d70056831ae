import { useTranslation } from "react-i18next";
import { data, Form, Link } from "react-router";
import { Field, SubmitButton } from "#app/components/ui/form-field";
import { GAMIFICATION_LIMITS as L, LEVEL_TITLE_KEYS } from "#shared/gamification-limits";
import { formatNumber } from "#app/features/gamification/numbers";
import { adminPage, orRefused, unknownIntent } from "#app/features/admin/route.server";
import { ActionResult, AdminErrorBoundary, AdminHeading, NOINDEX, type AdminActionResult } from "#app/features/admin/shell";
import { ConfirmAction } from "#app/components/ui/disclosure-form";
import { EmptyState } from "#app/components/ui/empty-state";
import { actionFailure } from "#app/lib/form.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/levels";
import { TableFrame } from "#app/components/ui/table";

export const handle = { i18n: ["admin", "levels"] };

/**
 * Admins only: readSettings refuses anyone else (a 403 page), and gives the stat points each level grants for
 * the help text. `?level=n` fills the form with that level to change it; otherwise the form adds the next one.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, seo } = adminPage(context, request);
  const game = context.services.gamification;
  const settings = await orRefused(context, request, game.readSettings(actor));
  const levels = await game.listLevels();
  const asked = Number(new URL(request.url).searchParams.get("level"));
  const editing = levels.find((l) => l.level === asked)?.level ?? null;
  return { seo: seo("gamification.levels.title"), levels, editing, statPointsPerLevel: settings.statPointsPerLevel };
}

/** Which field a refusal of the level table's rules belongs to. */
const FIELD_OF = { "gamification.level_first": "xpRequired", "gamification.level_order": "xpRequired", "gamification.level_gap": "level" };

export async function action({ context, request }: Route.ActionArgs) {
  const { actor } = adminPage(context, request);
  const game = context.services.gamification;
  const form = await request.formData();
  const intent = form.get("intent");
  try {
    if (intent === "save-level") {
      const saved = await game.upsertLevel(actor, {
        level: form.get("level"),
        titleKey: form.get("titleKey"),
        xpRequired: form.get("xpRequired"),
      });
      return { ok: true, message: "admin:gamification.levels.saved", messageValues: { level: saved.level } } satisfies AdminActionResult;
    }
    if (intent === "delete-level") {
      const { level } = await game.deleteLevel(actor, { level: form.get("level") });
      return { ok: true, message: "admin:gamification.levels.deleted", messageValues: { level } } satisfies AdminActionResult;
    }
    return unknownIntent(form);
  } catch (err) {
    const failure = actionFailure(err, form, FIELD_OF);
    return data(failure.data, failure.init ?? undefined);
  }
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

export default function GamificationLevels({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const tl = useTranslation("levels").t;
  const { to, locale } = useLocalePath();
  const { levels, editing, statPointsPerLevel } = loaderData;
  const result = actionData as AdminActionResult | undefined;
  const failure = result && !result.ok && result.values.intent === "save-level" ? result : undefined;
  const deleteFailure = result && !result.ok && result.values.intent === "delete-level" ? result : undefined;

  const top = levels.at(-1);
  // The form changes the level it was opened for, or adds the next one; a failed submit keeps its own.
  const formLevel = failure ? Number(failure.values.level) : (editing ?? (top ? top.level + 1 : 1));
  const current = levels.find((l) => l.level === formLevel);
  const prev = levels.find((l) => l.level === formLevel - 1);
  const next = levels.find((l) => l.level === formLevel + 1);
  const values = failure?.values ?? {
    titleKey: current?.titleKey ?? top?.titleKey ?? LEVEL_TITLE_KEYS[0],
    xpRequired: current ? String(current.xpRequired) : "",
  };
  const titles: string[] = [...LEVEL_TITLE_KEYS];
  for (const l of levels) if (!titles.includes(l.titleKey)) titles.push(l.titleKey);
  const n = (x: number) => formatNumber(x, locale);
  const xpHint =
    formLevel === 1
      ? t("gamification.levels.xpHintFirst")
      : next
        ? t("gamification.levels.xpHintBetween", { min: n(prev?.xpRequired ?? 0), max: n(next.xpRequired) })
        : t("gamification.levels.xpHintAbove", { min: n(prev?.xpRequired ?? 0), level: formLevel - 1 });

  return (
    <>
      <AdminHeading title={t("gamification.levels.title")}>
        <p>{t("gamification.levels.lead", { count: statPointsPerLevel })}</p>
        <p className="mt-2">{t("gamification.levels.settleHelp")}</p>
      </AdminHeading>
      <div aria-live="polite" className="mb-4">
        <ActionResult result={result} />
      </div>

      <section id="level-form" aria-labelledby="level-form-heading" className="card mb-8 p-5">
        <h2 id="level-form-heading" className="text-xl font-bold">
          {current ? t("gamification.levels.editTitle", { level: formLevel }) : t("gamification.levels.addTitle", { level: formLevel })}
        </h2>
        <Form method="post" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="save-level" />
          <input type="hidden" name="level" value={formLevel} />
          {failure?.fieldErrors.level ? <p className="text-sm font-medium text-danger">{t(failure.fieldErrors.level)}</p> : null}
          <div className="grid gap-4 md:grid-cols-2">
            <div className="space-y-1.5">
              <label htmlFor="level-title" className="block text-sm font-semibold">
                {t("gamification.levels.titleLabel")}
              </label>
              <select
                id="level-title"
                name="titleKey"
                className="input"
                defaultValue={values.titleKey}
                key={`title-${formLevel}-${values.titleKey}`}
                aria-describedby={failure?.fieldErrors.titleKey ? "level-title-hint level-title-error" : "level-title-hint"}
                aria-invalid={failure?.fieldErrors.titleKey ? true : undefined}
              >
                {titles.map((k) => (
                  <option key={k} value={k}>
                    {tl(k, { defaultValue: k })}
                  </option>
                ))}
              </select>
              <p id="level-title-hint" className="text-sm text-muted-foreground">
                {t("gamification.levels.titleHint")}
              </p>
              {failure?.fieldErrors.titleKey ? (
                <p id="level-title-error" className="text-sm font-medium text-danger">
                  {t(failure.fieldErrors.titleKey)}
                </p>
              ) : null}
            </div>
            <Field
              key={`xp-${formLevel}-${values.xpRequired}`}
              label={t("gamification.levels.xpLabel")}
              name="xpRequired"
              type="number"
              inputMode="numeric"
              min={0}
              max={L.xpRequiredMax}
              step={1}
              required
              defaultValue={values.xpRequired}
              hint={xpHint}
              error={failure?.fieldErrors.xpRequired}
            />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <SubmitButton pendingLabel={t("settings.saving")}>
              {current ? t("gamification.levels.save", { level: formLevel }) : t("gamification.levels.add", { level: formLevel })}
            </SubmitButton>
            {current ? (
              <Link className="link text-sm" to={to("/admin/gamification/levels")}>
                {t("gamification.levels.addInstead")}
              </Link>
            ) : null}
          </div>
        </Form>
      </section>

      <section aria-labelledby="levels-heading">
        <h2 id="levels-heading" className="text-xl font-bold">
          {t("gamification.levels.tableTitle")}
        </h2>
        <p className="mb-4 mt-1 text-sm text-muted-foreground">{t("gamification.levels.tableHelp")}</p>
        {levels.length === 0 ? (
          <EmptyState>{t("gamification.levels.empty")}</EmptyState>
        ) : (
          <TableFrame label={t("gamification.levels.tableCaption")}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t("gamification.levels.tableCaption")}</caption>
              <thead className="border-b border-border text-xs uppercase text-muted-foreground">
                <tr>
                  <th scope="col" className="p-3">
                    {t("gamification.levels.level")}
                  </th>
                  <th scope="col" className="p-3">
                    {t("gamification.levels.titleLabel")}
                  </th>
                  <th scope="col" className="p-3 text-right">
                    {t("gamification.levels.xpLabel")}
                  </th>
                  <th scope="col" className="p-3">
                    <span className="sr-only">{t("gamification.levels.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {levels.map((l) => (
                  <tr key={l.level} className={`border-t border-border ${l.level === editing ? "bg-muted" : ""}`}>
                    <th scope="row" className="p-3 font-semibold">
                      {l.level}
                    </th>
                    <td className="p-3">
                      {tl(l.titleKey, { defaultValue: l.titleKey })}
                      <div className="font-mono text-xs text-muted-foreground">{l.titleKey}</div>
                    </td>
                    <td className="p-3 text-right tabular-nums">{n(l.xpRequired)}</td>
                    <td className="p-3">
                      <div className="flex flex-wrap justify-end gap-2">
                        <Link
                          className="btn btn-outline min-h-9 px-3 py-1 text-sm"
                          to={`${to("/admin/gamification/levels")}?level=${l.level}#level-form`}
                          aria-label={t("gamification.levels.editLabel", { level: l.level })}
                        >
                          {t("gamification.levels.edit")}
                        </Link>
                        {l.level === top?.level && l.level > 1 ? (
                          <ConfirmAction
                            label={t("gamification.levels.delete")}
                            question={t("gamification.levels.confirmDelete", { level: l.level, previous: l.level - 1 })}
                            confirmLabel={t("gamification.levels.confirmDeleteButton", { level: l.level })}
                            intent="delete-level"
                            fields={{ level: String(l.level) }}
                            open={!!deleteFailure}
                          />
                        ) : null}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}
      </section>
    </>
  );
}
