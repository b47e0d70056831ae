import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { ConfirmAction } from "#app/components/ui/disclosure-form";
import { SubmitButton } from "#app/components/ui/form-field";
import { formatNumber } from "#app/features/gamification/numbers";
import { useLocalePath } from "#app/lib/use-locale";
import { CHARACTER_CLASSES, CLASS_PERKS, type CharacterClass } from "#shared/character";

/** A class's perk in words ("+5% gold from every source"; needs the `character` namespace). */
export function usePerkText() {
  const { t } = useTranslation("character");
  return (c: CharacterClass) => t(`perks.${CLASS_PERKS[c].kind}`, { percent: CLASS_PERKS[c].percent });
}

/** The first pick: the four classes as large labelled choices, each with what it is good at and its perk. */
export function ClassPicker({ chosen, cost, error }: { chosen?: string; cost: number; error?: string }) {
  const { t } = useTranslation("character");
  const picked = CHARACTER_CLASSES.find((c) => c === chosen) ?? CHARACTER_CLASSES[0];
  const { locale } = useLocalePath();
  const perk = usePerkText();
  return (
    <section className="card p-6" aria-labelledby="pick-heading">
      <h2 id="pick-heading" className="text-xl font-bold">
        {t("pick.heading")}
      </h2>
      <p className="mt-1 text-muted-foreground">{t("pick.lead", { cost: formatNumber(cost, locale) })}</p>
      <Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="choose_class" />
        <fieldset className={error ? "field-error space-y-2" : "space-y-2"} aria-describedby={error ? "class-error" : undefined}>
          <legend className="text-sm font-semibold">{t("pick.legend")}</legend>
          {error ? (
            <p id="class-error" className="text-sm font-semibold text-danger">
              {t(error)}
            </p>
          ) : null}
          <div className="grid gap-2 sm:grid-cols-2">
            {CHARACTER_CLASSES.map((c) => (
              <label
                key={c}
                className="card flex cursor-pointer gap-3 p-3 has-[:checked]:border-primary has-[:checked]:ring-2 has-[:checked]:ring-ring"
              >
                <input
                  type="radio"
                  name="characterClass"
                  value={c}
                  defaultChecked={c === picked}
                  className="mt-1 accent-[var(--primary)]"
                />
                <span>
                  <span className="block font-semibold">{t(`classes.${c}.name`)}</span>
                  <span className="block text-sm text-muted-foreground">{t(`classes.${c}.description`)}</span>
                  <span className="mt-1 block text-sm font-semibold text-primary">{perk(c)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <SubmitButton className="btn btn-primary min-h-11">{t("pick.submit")}</SubmitButton>
      </Form>
    </section>
  );
}

/** All four classes' perks (SPEC §9), the character's own marked. */
export function PerkList({ own }: { own: CharacterClass | null }) {
  const { t } = useTranslation("character");
  const perk = usePerkText();
  return (
    <section className="card p-6" aria-labelledby="perks-heading">
      <h2 id="perks-heading" className="text-xl font-bold">
        {t("perks.heading")}
      </h2>
      <ul className="row-list mt-2">
        {CHARACTER_CLASSES.map((c) => (
          <li key={c} className={`flex flex-wrap items-baseline gap-x-3 py-3 ${own === c ? "font-semibold" : ""}`}>
            <span className="min-w-28">{t(`classes.${c}.name`)}</span>
            <span className={own === c ? "text-primary" : "text-muted-foreground"}>{perk(c)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Changing class later: one confirmation per other class, with the cost; 'Not enough gold!' when short. */
export function ClassChange({ current, cost, gold }: { current: CharacterClass; cost: number; gold: number }) {
  const { t } = useTranslation("character");
  const { locale } = useLocalePath();
  const costText = formatNumber(cost, locale);
  return (
    <section className="card p-6" aria-labelledby="change-heading">
      <h2 id="change-heading" className="text-xl font-bold">
        {t("change.heading")}
      </h2>
      <p className="mt-1 text-muted-foreground">{t("change.lead", { cost: costText, gold: formatNumber(gold, locale) })}</p>
      {gold < cost ? <p className="mt-2 font-semibold text-danger">{t("change.short")}</p> : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {CHARACTER_CLASSES.filter((c) => c !== current).map((c) => {
          const label = t(`classes.${c}.label`);
          return (
            <ConfirmAction
              key={c}
              label={t("change.become", { class: label })}
              question={t("change.question", { class: label, cost: costText })}
              confirmLabel={t("change.confirm", { cost: costText })}
              intent="change_class"
              fields={{ characterClass: c }}
              tone="primary"
            />
          );
        })}
      </div>
    </section>
  );
}
