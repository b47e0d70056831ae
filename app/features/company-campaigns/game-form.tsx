import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { FileInput } from "#app/components/ui/file-input";
import { Field, FormAlert, SelectField, SubmitButton, TextAreaField } from "#app/components/ui/form-field";
import { MediaSlot } from "#app/components/ui/media-slot";
import type { FormFailure } from "#app/lib/form";
import { GAME_LIMITS, GENRES, PLATFORMS, RELEASE_STATUSES, STORES } from "#shared/campaigns";
import { slugify } from "#shared/slugify";
import { CheckboxGroup, keptList, NS } from "./ui";

/** What the edit form starts from (the stored game); null for a new one. */
export type GameValues = {
  name: string;
  slug: string;
  shortDescription: string;
  descriptionMd: string;
  coverUrl: string | null;
  platforms: string[];
  genres: string[];
  storeLinks: { store: string; url: string }[];
  trailerUrl: string | null;
  releaseStatus: string;
};

export type GameFormResult = { ok: true; message: string } | FormFailure;

/**
 * The game form (new and edit): GOV.UK's one column, a live counter on the short description and the slug
 * suggested from the name (the server makes the same one when the field is left empty), the cover as a file
 * (multipart: the page works before JavaScript), and a few store rows.
 */
export function GameForm({
  game,
  result,
  coverError,
  submitLabel,
}: {
  game: GameValues | null;
  result?: GameFormResult;
  /** A cover refused right after the game was created (`?cover=<code>`). */
  coverError?: string | null;
  submitLabel: string;
}) {
  const { t } = useTranslation(NS);
  const failed = result && !result.ok ? result : null;
  const typed = failed?.values;
  const value = (name: string, stored: string | null | undefined) => typed?.[name] ?? stored ?? "";
  const [name, setName] = useState(value("name", game?.name));
  const [shortLength, setShortLength] = useState(value("shortDescription", game?.shortDescription).length);
  const errors = failed?.fieldErrors ?? {};
  const stored = game?.storeLinks ?? [];
  const rows = Math.min(GAME_LIMITS.storeLinksMax, Math.max(3, stored.length + 1));
  const options = (kind: "platform" | "genre", values: readonly string[]) =>
    values.map((v) => ({ value: v, label: t(`labels.${kind}.${v}`) }));

  return (
    <Form method="post" encType="multipart/form-data" className="space-y-6">
      <div aria-live="polite">
        {result?.ok ? <FormAlert variant="success" message={result.message} /> : null}
        {failed ? <FormAlert message={failed.formError} values={failed.formErrorValues} /> : null}
      </div>
      <Field
        label={t("gameForm.name")}
        name="name"
        required
        maxLength={GAME_LIMITS.nameMax}
        defaultValue={value("name", game?.name)}
        onChange={(e) => setName(e.currentTarget.value)}
        error={errors.name}
      />
      <Field
        label={t("gameForm.slug")}
        name="slug"
        maxLength={80}
        pattern="[a-z0-9]+(-[a-z0-9]+)*"
        spellCheck={false}
        autoCapitalize="none"
        hint={t("gameForm.slugHint")}
        placeholder={name ? slugify(name, "game", 80) : undefined}
        defaultValue={value("slug", game?.slug)}
        error={errors.slug}
      />
      <TextAreaField
        label={t("gameForm.shortDescription")}
        name="shortDescription"
        required
        rows={3}
        maxLength={GAME_LIMITS.shortDescriptionMax}
        hint={
          <>
            {t("gameForm.shortDescriptionHint")}{" "}
            <span aria-live="polite">{t("gameForm.counter", { count: shortLength, max: GAME_LIMITS.shortDescriptionMax })}</span>
          </>
        }
        defaultValue={value("shortDescription", game?.shortDescription)}
        onChange={(e) => setShortLength(e.currentTarget.value.length)}
        error={errors.shortDescription}
      />
      <TextAreaField
        label={t("gameForm.description")}
        name="descriptionMd"
        rows={10}
        maxLength={GAME_LIMITS.descriptionMax}
        hint={t("gameForm.descriptionHint")}
        defaultValue={value("descriptionMd", game?.descriptionMd)}
        error={errors.descriptionMd}
      />
      <div className="flex flex-wrap items-end gap-4">
        {game?.coverUrl ? (
          <MediaSlot
            src={game.coverUrl}
            alt={t("gameForm.currentCover", { name: game.name })}
            width={320}
            className="w-48 rounded-control"
          />
        ) : null}
        <div className="min-w-0 flex-1">
          <FileInput
            label={t("gameForm.cover")}
            name="cover"
            accept="image/png,image/jpeg,image/webp"
            hint={t("gameForm.coverHint", { megabytes: GAME_LIMITS.coverMaxBytes / 1024 / 1024 })}
            error={errors.cover ?? coverError ?? undefined}
          />
        </div>
      </div>
      <CheckboxGroup
        legend={t("gameForm.platforms")}
        name="platforms"
        options={options("platform", PLATFORMS)}
        checked={keptList(typed, "platforms", game?.platforms ?? [])}
        error={errors.platforms}
      />
      <CheckboxGroup
        legend={t("gameForm.genres")}
        name="genres"
        hint={t("gameForm.genresHint", { max: GAME_LIMITS.genresMax })}
        options={options("genre", GENRES)}
        checked={keptList(typed, "genres", game?.genres ?? [])}
        error={errors.genres}
      />
      <fieldset className={`min-w-0 space-y-3 ${errors.storeLinks ? "field-error" : ""}`}>
        <legend className="text-sm font-semibold">{t("gameForm.storeLinks")}</legend>
        <p className="text-sm text-muted-foreground">{t("gameForm.storeLinksHint")}</p>
        {errors.storeLinks ? <p className="text-sm font-semibold text-danger">{t(errors.storeLinks)}</p> : null}
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="grid gap-3 sm:grid-cols-[12rem_1fr]">
            <SelectField
              label={t("gameForm.store", { n: i + 1 })}
              name={`store-${i}`}
              defaultValue={value(`store-${i}`, stored[i]?.store ?? STORES[0])}
              error={errors[`store-${i}`]}
            >
              {STORES.map((s) => (
                <option key={s} value={s}>
                  {t(`labels.store.${s}`)}
                </option>
              ))}
            </SelectField>
            <Field
              label={t("gameForm.storeUrl", { n: i + 1 })}
              name={`storeUrl-${i}`}
              type="url"
              placeholder="https://"
              maxLength={500}
              defaultValue={value(`storeUrl-${i}`, stored[i]?.url)}
              error={errors[`storeUrl-${i}`]}
            />
          </div>
        ))}
      </fieldset>
      <Field
        label={t("gameForm.trailer")}
        name="trailerUrl"
        type="url"
        placeholder="https://www.youtube.com/watch?v="
        maxLength={300}
        hint={t("gameForm.trailerHint")}
        defaultValue={value("trailerUrl", game?.trailerUrl)}
        error={errors.trailerUrl}
      />
      <SelectField
        label={t("gameForm.releaseStatus")}
        name="releaseStatus"
        defaultValue={value("releaseStatus", game?.releaseStatus ?? "unreleased")}
        error={errors.releaseStatus}
      >
        {RELEASE_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`labels.release.${s}`)}
          </option>
        ))}
      </SelectField>
      <SubmitButton className="btn btn-primary btn-lg" pendingLabel={t("gameForm.saving")}>
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
