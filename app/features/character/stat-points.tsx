import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Field, FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { CHARACTER_LIMITS, CHARACTER_STATS } from "#shared/character";
import type { FormFailure } from "#app/lib/form";
import type { StatBlock } from "#server/modules/character";

/**
 * Spending stat points in two steps that work without JavaScript: the numbers (kept, with each field's error,
 * when refused), then a review of what each stat becomes, confirmed or taken back to change.
 */
export function StatPoints({
  statPoints,
  base,
  review,
  values,
  failure,
}: {
  statPoints: number;
  base: StatBlock;
  /** The checked distribution waiting for confirmation. */
  review: StatBlock | null;
  /** What was typed, to show again. */
  values?: Record<string, string>;
  failure?: FormFailure;
}) {
  const { t } = useTranslation("character");
  const heading = (
    <h2 id="points-heading" className="text-xl font-bold">
      {t(review ? "points.reviewHeading" : "points.heading")}
    </h2>
  );
  if (review) {
    const total = CHARACTER_STATS.reduce((n, s) => n + review[s], 0);
    return (
      <section className="card p-6" aria-labelledby="points-heading">
        {heading}
        <p className="mt-1">{t("points.reviewLead", { count: total })}</p>
        <ul className="mt-3 space-y-1">
          {CHARACTER_STATS.filter((s) => review[s] > 0).map((s) => (
            <li key={s} className="font-semibold">
              {t("points.line", { stat: t(`stats.${s}`), from: base[s], to: base[s] + review[s] })}
            </li>
          ))}
        </ul>
        <Form method="post" className="mt-4 flex flex-wrap gap-3">
          {CHARACTER_STATS.map((s) => (
            <input key={s} type="hidden" name={s} value={String(review[s])} />
          ))}
          <SubmitButton name="intent" value="spend_points" className="btn btn-primary min-h-11">
            {t("points.confirm")}
          </SubmitButton>
          <button type="submit" name="intent" value="edit_points" className="btn btn-outline min-h-11">
            {t("points.back")}
          </button>
        </Form>
      </section>
    );
  }
  return (
    <section className="card p-6" aria-labelledby="points-heading">
      {heading}
      <p className="mt-1 text-muted-foreground">{statPoints > 0 ? t("points.available", { count: statPoints }) : t("points.none")}</p>
      {statPoints > 0 ? (
        <Form method="post" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="review_points" />
          {failure && !failure.fieldErrors.strength ? <FormAlert message={failure.formError} values={failure.formErrorValues} /> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            {CHARACTER_STATS.map((s) => (
              <Field
                key={s}
                label={t(`stats.${s}`)}
                name={s}
                type="number"
                inputMode="numeric"
                min={0}
                max={Math.min(statPoints, CHARACTER_LIMITS.statPointsPerSpend)}
                defaultValue={values?.[s] ?? ""}
                hint={t("points.now", { value: base[s] })}
                error={failure?.fieldErrors[s]}
              />
            ))}
          </div>
          <SubmitButton className="btn btn-primary min-h-11">{t("points.review")}</SubmitButton>
        </Form>
      ) : null}
    </section>
  );
}
