import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { EditDialog } from "#app/components/ui/edit-dialog";
import { FileInput } from "#app/components/ui/file-input";
import { Field, FieldRow, SelectField, SubmitButton, TextAreaField } from "#app/components/ui/form-field";
import { ActionResult } from "#app/features/admin/shell";
import type { FormFailure } from "#app/lib/form";
import type { AdminItemView } from "#server/modules/character";
import { CHARACTER_LIMITS as L, CHARACTER_STATS, ITEM_RARITIES, ITEM_SLOTS } from "#shared/character";

/** The fields the item form posts (the operation's input, as strings). */
export const ITEM_FIELDS = [
  "slot",
  "rarity",
  "nameEn",
  "nameEs",
  "descriptionEn",
  "descriptionEs",
  ...CHARACTER_STATS,
  "levelRequired",
  "price",
  "achievementId",
  "arenaReward",
  "artKey",
] as const;

export type AchievementOption = { id: string; name: string };

/** An item's stored values as the form's strings. */
function valuesOf(item: AdminItemView | null): Record<string, string> {
  if (!item) return { slot: "head", rarity: "common", levelRequired: "1", strength: "0", intelligence: "0", agility: "0", charisma: "0" };
  return {
    id: item.id,
    slot: item.slot,
    rarity: item.rarity,
    nameEn: item.nameEn,
    nameEs: item.nameEs,
    descriptionEn: item.descriptionEn,
    descriptionEs: item.descriptionEs,
    strength: String(item.strength),
    intelligence: String(item.intelligence),
    agility: String(item.agility),
    charisma: String(item.charisma),
    levelRequired: String(item.levelRequired),
    price: item.price === null ? "" : String(item.price),
    achievementId: item.achievementId ?? "",
    arenaReward: item.arenaReward ? "on" : "",
    artKey: item.artKey ?? "",
  };
}

/**
 * The dialog that adds or edits an item (`?edit=new` or `?edit=<id>`), and for an existing item the art upload
 * below it. A refused form comes back with what was typed and each error beside its field.
 */
export function ItemDialog({
  item,
  failure,
  closeHref,
  achievements,
  artKeys,
}: {
  item: AdminItemView | null;
  failure: FormFailure | undefined;
  closeHref: string;
  achievements: AchievementOption[];
  artKeys: string[];
}) {
  const { t } = useTranslation("admin-avatars");
  const artFailure = failure?.values.intent === "upload-art" ? failure : undefined;
  const formFailure = artFailure ? undefined : failure;
  const v = formFailure ? formFailure.values : valuesOf(item);
  const err = (name: string) => formFailure?.fieldErrors[name];
  return (
    <EditDialog title={item ? t("form.editTitle", { name: item.nameEn }) : t("form.addTitle")} closeHref={closeHref}>
      <Form method="post" className="space-y-4" preventScrollReset>
        <input type="hidden" name="intent" value={item ? "update-item" : "create-item"} />
        <input type="hidden" name="formId" value={item ? `item-${item.id}` : "item-new"} />
        {item ? <input type="hidden" name="itemId" value={item.id} /> : null}
        {formFailure ? <ActionResult result={formFailure} /> : null}
        {item ? null : (
          <Field
            label={t("form.id")}
            name="id"
            defaultValue={v.id}
            hint={t("form.idHint")}
            error={err("id")}
            required
            maxLength={L.itemNameMax}
          />
        )}
        <FieldRow>
          <SelectField label={t("form.slot")} name="slot" defaultValue={v.slot} error={err("slot")}>
            {ITEM_SLOTS.map((s) => (
              <option key={s} value={s}>
                {t(`slots.${s}`)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("form.rarity")} name="rarity" defaultValue={v.rarity} error={err("rarity")}>
            {ITEM_RARITIES.map((r) => (
              <option key={r} value={r}>
                {t(`rarities.${r}`)}
              </option>
            ))}
          </SelectField>
        </FieldRow>
        <FieldRow>
          <Field
            label={t("form.nameEn")}
            name="nameEn"
            lang="en"
            defaultValue={v.nameEn}
            hint={t("form.nameHint", { max: L.itemNameMax })}
            error={err("nameEn")}
            required
            maxLength={L.itemNameMax}
          />
          <Field
            label={t("form.nameEs")}
            name="nameEs"
            lang="es"
            defaultValue={v.nameEs}
            hint={t("form.nameHint", { max: L.itemNameMax })}
            error={err("nameEs")}
            required
            maxLength={L.itemNameMax}
          />
        </FieldRow>
        <TextAreaField
          label={t("form.descriptionEn")}
          name="descriptionEn"
          lang="en"
          defaultValue={v.descriptionEn}
          hint={t("form.descriptionHint", { max: L.itemDescriptionMax })}
          error={err("descriptionEn")}
          maxLength={L.itemDescriptionMax}
        />
        <TextAreaField
          label={t("form.descriptionEs")}
          name="descriptionEs"
          lang="es"
          defaultValue={v.descriptionEs}
          hint={t("form.descriptionHint", { max: L.itemDescriptionMax })}
          error={err("descriptionEs")}
          maxLength={L.itemDescriptionMax}
        />
        <FieldRow>
          {CHARACTER_STATS.map((stat) => (
            <Field
              key={stat}
              label={t(`items.bonusNames.${stat}`)}
              name={stat}
              type="number"
              inputMode="numeric"
              min={0}
              max={L.itemStatBonusMax}
              defaultValue={v[stat]}
              hint={t("form.bonusHint", { max: L.itemStatBonusMax })}
              error={err(stat)}
            />
          ))}
        </FieldRow>
        <FieldRow>
          <Field
            label={t("form.levelRequired")}
            name="levelRequired"
            type="number"
            inputMode="numeric"
            min={1}
            max={L.itemLevelMax}
            defaultValue={v.levelRequired}
            hint={t("form.levelHint", { max: L.itemLevelMax })}
            error={err("levelRequired")}
          />
          <Field
            label={t("form.price")}
            name="price"
            type="number"
            inputMode="numeric"
            min={1}
            max={L.itemPriceMax}
            defaultValue={v.price}
            hint={t("form.priceHint", { max: L.itemPriceMax })}
            error={err("price")}
          />
        </FieldRow>
        <FieldRow>
          <SelectField label={t("form.achievement")} name="achievementId" defaultValue={v.achievementId ?? ""} error={err("achievementId")}>
            <option value="">{t("form.noAchievement")}</option>
            {achievements.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("form.artKey")} name="artKey" defaultValue={v.artKey ?? ""} error={err("artKey")}>
            <option value="">{t("form.noArt")}</option>
            {artKeys.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </SelectField>
        </FieldRow>
        <div className="flex items-center gap-3">
          <input
            id="item-arena-reward"
            type="checkbox"
            name="arenaReward"
            defaultChecked={v.arenaReward === "on"}
            className="size-4 accent-primary"
          />
          <label htmlFor="item-arena-reward">{t("form.arenaReward")}</label>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton pendingLabel={t("form.saving")}>{item ? t("form.save") : t("form.create")}</SubmitButton>
          <Link to={closeHref} preventScrollReset className="btn btn-ghost">
            {t("form.cancel")}
          </Link>
        </div>
      </Form>
      {item ? (
        <Form method="post" encType="multipart/form-data" className="mt-6 space-y-3 border-t border-border pt-4" preventScrollReset>
          <h3 className="font-semibold">{t("form.artHeading")}</h3>
          <input type="hidden" name="intent" value="upload-art" />
          <input type="hidden" name="formId" value={`item-${item.id}`} />
          <input type="hidden" name="itemId" value={item.id} />
          <input type="hidden" name="name" value={item.nameEn} />
          <FileInput
            label={t("form.art")}
            name="art"
            accept=".svg,.png,.webp,image/svg+xml,image/png,image/webp"
            hint={t("form.artHint", { maxKb: L.itemArtMaxBytes / 1024 })}
            error={artFailure?.formError}
            errorValues={artFailure?.formErrorValues}
            required
          />
          <SubmitButton pendingLabel={t("form.saving")}>{t("form.artSubmit")}</SubmitButton>
        </Form>
      ) : null}
    </EditDialog>
  );
}
