import { formValues, type FormFailure } from "#app/lib/form";
import { PODCAST_PLATFORMS } from "#shared/content";

/** An uploaded file's bytes, or null when the field was left empty. */
export async function fileBytes(form: FormData, name: string): Promise<Uint8Array | null> {
  const f = form.get(name);
  if (!f || typeof f === "string" || f.size === 0) return null;
  return new Uint8Array(await f.arrayBuffer());
}

/** The text fields of a video's or an episode's form, as the operation reads them. */
export function itemFields(form: FormData) {
  const text = (k: string) => String(form.get(k) ?? "");
  return {
    slug: text("slug"),
    titleEs: text("titleEs"),
    titleEn: text("titleEn"),
    descriptionEs: text("descriptionEs"),
    descriptionEn: text("descriptionEn"),
    youtube: text("youtube"),
    ...Object.fromEntries(PODCAST_PLATFORMS.map((p) => [`${p}Url`, text(`${p}Url`)])),
    collaboratorIds: form.getAll("collaboratorIds").map(String),
  };
}

/** The collaborator form's fields. */
export function collaboratorFields(form: FormData) {
  const text = (k: string) => String(form.get(k) ?? "");
  return { name: text("name"), twitterUrl: text("twitterUrl"), youtubeUrl: text("youtubeUrl"), twitchUrl: text("twitchUrl") };
}

/** A failure keeps every ticked collaborator (formValues keeps one value per name). */
export function withTicked(failure: FormFailure, form: FormData): FormFailure {
  return { ...failure, values: { ...formValues(form), collaboratorIds: form.getAll("collaboratorIds").map(String).join(",") } };
}
