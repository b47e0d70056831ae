import { useTranslation } from "react-i18next";
import { Field, FieldRow, TextAreaField } from "#app/components/ui/form-field";
import { FileInput } from "#app/components/ui/file-input";
import type { FormFailure } from "#app/lib/form";
import { CONTENT_LIMITS, PODCAST_PLATFORMS, type ContentKind } from "#shared/content";

export type ItemFormValues = Record<string, string>;

/** A stored item as the form's starting values. */
export function itemValues(item: {
  slug: string;
  titleEs: string;
  titleEn: string;
  descriptionEs: string;
  descriptionEn: string;
  youtubeId?: string;
  collaboratorIds: string[];
  [k: string]: unknown;
}): ItemFormValues {
  return {
    slug: item.slug,
    titleEs: item.titleEs,
    titleEn: item.titleEn,
    descriptionEs: item.descriptionEs,
    descriptionEn: item.descriptionEn,
    youtube: item.youtubeId ? `https://www.youtube.com/watch?v=${item.youtubeId}` : "",
    ...Object.fromEntries(
      PODCAST_PLATFORMS.map((p) => [`${p}Url`, typeof item[`${p}Url`] === "string" ? (item[`${p}Url`] as string) : ""]),
    ),
    collaboratorIds: item.collaboratorIds.join(","),
  };
}

/** The fields of a video's or an episode's form (the dialog adds its buttons). */
export function ItemFields({
  kind,
  values,
  failure,
  collaborators,
  isNew,
}: {
  kind: ContentKind;
  values: ItemFormValues;
  failure: FormFailure | undefined;
  collaborators: { id: string; name: string }[];
  isNew: boolean;
}) {
  const { t } = useTranslation("content");
  const err = (k: string) => failure?.fieldErrors[k];
  const ticked = new Set((values.collaboratorIds ?? "").split(",").filter(Boolean));
  const f = (k: string) => t(`admin.content.fields.${k}`);
  return (
    <>
      <FieldRow>
        <Field
          label={f("titleEs")}
          name="titleEs"
          defaultValue={values.titleEs}
          error={err("titleEs")}
          required
          maxLength={CONTENT_LIMITS.titleMax}
          lang="es"
        />
        <Field
          label={f("titleEn")}
          name="titleEn"
          defaultValue={values.titleEn}
          error={err("titleEn")}
          required
          maxLength={CONTENT_LIMITS.titleMax}
          lang="en"
        />
      </FieldRow>
      {kind === "video" ? (
        <Field
          label={f("youtube")}
          name="youtube"
          hint={f("youtubeHint")}
          defaultValue={values.youtube}
          error={err("youtube")}
          required
          inputMode="url"
        />
      ) : null}
      <Field
        label={f("slug")}
        name="slug"
        hint={f("slugHint")}
        defaultValue={values.slug}
        error={err("slug")}
        maxLength={CONTENT_LIMITS.slugMax}
        pattern="[a-z0-9]+(-[a-z0-9]+)*"
      />
      <TextAreaField
        label={f("descriptionEs")}
        name="descriptionEs"
        defaultValue={values.descriptionEs}
        error={err("descriptionEs")}
        maxLength={CONTENT_LIMITS.descriptionMax}
        lang="es"
      />
      <TextAreaField
        label={f("descriptionEn")}
        name="descriptionEn"
        defaultValue={values.descriptionEn}
        error={err("descriptionEn")}
        maxLength={CONTENT_LIMITS.descriptionMax}
        lang="en"
      />
      {kind === "episode"
        ? PODCAST_PLATFORMS.map((p) => (
            <Field
              key={p}
              label={t("admin.content.fields.platformUrl", { platform: t(`podcast.platforms.${p}`) })}
              name={`${p}Url`}
              hint={f("platformHint")}
              defaultValue={values[`${p}Url`]}
              error={err(`${p}Url`)}
              type="url"
              inputMode="url"
            />
          ))
        : null}
      <FileInput
        label={f("thumbnail")}
        name="thumbnail"
        hint={kind === "video" ? f("thumbnailVideoHint") : f("thumbnailEpisodeHint")}
        error={err("thumbnail")}
        accept="image/png,image/jpeg,image/webp"
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">{f("collaborators")}</legend>
        <p className="text-sm text-muted-foreground">{f("collaboratorsHint")}</p>
        {err("collaboratorIds") ? <p className="text-sm text-danger">{t(err("collaboratorIds")!)}</p> : null}
        {collaborators.length ? (
          <ul className="grid gap-1 sm:grid-cols-2">
            {collaborators.map((c) => (
              <li key={c.id}>
                <label className="flex min-h-11 items-center gap-2">
                  <input type="checkbox" name="collaboratorIds" value={c.id} defaultChecked={ticked.has(c.id)} className="size-5" />
                  {c.name}
                </label>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm">{f("noCollaborators")}</p>
        )}
      </fieldset>
      {isNew ? (
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" name="published" value="on" defaultChecked={values.published === "on"} className="size-5" />
          {f("publishNow")}
        </label>
      ) : null}
    </>
  );
}
