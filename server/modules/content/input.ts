import { z } from "zod";
import { CONTENT_KINDS, CONTENT_LIMITS as L, PODCAST_PLATFORMS, youtubeIdOf } from "#shared/content";
import { slugify } from "#shared/slugify";

/** Field rules of the content and collaborators tabs (messages are `errors:` keys, shown beside each field). */
const INVALID = "errors:input.invalid";
// eslint-disable-next-line no-control-regex -- the characters refused in a one-line field
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- multi-line text keeps tabs and line breaks
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const line = (max: number, min = 1) =>
  z
    .string(INVALID)
    .trim()
    .min(min, INVALID)
    .max(max, INVALID)
    .refine((v) => !CONTROL.test(v), INVALID);

const text = (max: number) =>
  z
    .string(INVALID)
    .trim()
    .max(max, INVALID)
    .refine((v) => !CONTROL_MULTILINE.test(v), INVALID)
    .optional()
    .transform((v) => v ?? "");

export const isHttps = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === "https:" && !u.username && !u.password && u.hostname.includes(".");
  } catch {
    return false;
  }
};

/** An optional https link: empty is null. */
const link = z
  .string(INVALID)
  .trim()
  .max(L.urlMax, INVALID)
  .optional()
  .transform((v) => v || null)
  .refine((v) => v === null || isHttps(v), "errors:content.url_invalid");

/** An optional slug: empty is made from the English title. */
const slug = z
  .string(INVALID)
  .trim()
  .toLowerCase()
  .max(L.slugMax, INVALID)
  .optional()
  .refine((v) => !v || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v), "errors:content.slug_format");

const ids = z
  .array(z.string(INVALID).trim().min(1).max(100), INVALID)
  .max(L.collaboratorsMax, INVALID)
  .optional()
  .transform((v) => [...new Set(v ?? [])]);

export const kindInput = z.object({ kind: z.enum(CONTENT_KINDS, INVALID) });
export const idInput = z.object({ id: z.string(INVALID).trim().min(1, INVALID).max(100, INVALID) });

const common = {
  slug,
  titleEs: line(L.titleMax),
  titleEn: line(L.titleMax),
  descriptionEs: text(L.descriptionMax),
  descriptionEn: text(L.descriptionMax),
  collaboratorIds: ids,
};

export const videoInput = z
  .object({
    ...common,
    youtube: z
      .string(INVALID)
      .trim()
      .max(L.urlMax, INVALID)
      .transform((v, ctx) => {
        const id = youtubeIdOf(v);
        if (!id) ctx.addIssue({ code: "custom", message: "errors:content.youtube_invalid" });
        return id ?? "";
      }),
  })
  .transform((v) => ({ ...v, slug: v.slug || slugify(v.titleEn, "video", L.slugMax) }));

export const episodeInput = z
  .object({
    ...common,
    ...(Object.fromEntries(PODCAST_PLATFORMS.map((p) => [`${p}Url`, link])) as Record<
      `${(typeof PODCAST_PLATFORMS)[number]}Url`,
      typeof link
    >),
  })
  .transform((v) => ({ ...v, slug: v.slug || slugify(v.titleEn, "episode", L.slugMax) }));

export const collaboratorInput = z.object({
  name: line(L.nameMax),
  twitterUrl: link,
  youtubeUrl: link,
  twitchUrl: link,
});

export type VideoInput = z.infer<typeof videoInput>;
export type EpisodeInput = z.infer<typeof episodeInput>;
export type CollaboratorInput = z.infer<typeof collaboratorInput>;
