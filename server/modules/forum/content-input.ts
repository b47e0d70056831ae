import { z } from "zod";
import { CONTENT_LIMITS } from "#shared/forum-limits";

/*
 * Field rules of the forum's structure (categories, forums, tags), shared by their operations. The limits
 * the pages show beside the fields live in the zod-free `content-limits.ts`.
 */

/** A slug as it appears in addresses: lower-case letters, digits and single hyphens ("pixel-art"). */
export const contentSlugField = z
  .string({ error: "errors:forum.slug_invalid" })
  .trim()
  .toLowerCase()
  .min(CONTENT_LIMITS.slugMin, "errors:forum.slug_invalid")
  .max(CONTENT_LIMITS.slugMax, "errors:forum.slug_invalid")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "errors:forum.slug_invalid");

export const contentTitleField = z
  .string({ error: "errors:forum.content_title_length" })
  .trim()
  .min(CONTENT_LIMITS.titleMin, "errors:forum.content_title_length")
  .max(CONTENT_LIMITS.titleMax, "errors:forum.content_title_length");

export const contentDescriptionField = z
  .string()
  .trim()
  .max(CONTENT_LIMITS.descriptionMax, "errors:forum.content_description_length")
  .optional()
  .nullable()
  .transform((v) => v ?? "");

export const tagNameField = z
  .string({ error: "errors:forum.tag_name_length" })
  .trim()
  .min(1, "errors:forum.tag_name_length")
  .max(CONTENT_LIMITS.tagNameMax, "errors:forum.tag_name_length");

/** A category's or forum's own texts, in both languages. */
export const sectionFields = {
  slug: contentSlugField,
  titleEs: contentTitleField,
  titleEn: contentTitleField,
  descriptionEs: contentDescriptionField,
  descriptionEn: contentDescriptionField,
};

/** Moving a category or forum one place in the display order. */
export const directionField = z.enum(["up", "down"]);

/** The fields that differ between two versions of a row, as `{ before, after }` for the audit log. */
export function changes<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const keys = (Object.keys(after) as (keyof T)[]).filter((k) => after[k] !== undefined && after[k] !== before[k]);
  return {
    changed: keys.length > 0,
    before: Object.fromEntries(keys.map((k) => [k, before[k]])) as Partial<T>,
    after: Object.fromEntries(keys.map((k) => [k, after[k]])) as Partial<T>,
  };
}

/** A row a foreign key still points to (23503), as thrown by pg or PGlite, wrapped by drizzle or not. */
export function isForeignKeyViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (e.code === "23503") return true;
  }
  return false;
}

/** Display order: by position, ties (older data) by slug. */
export const byPosition = (a: { position: number; slug: string }, b: { position: number; slug: string }) =>
  a.position - b.position || a.slug.localeCompare(b.slug);

/**
 * Rows in display order after moving one of them a place up or down; null when it is already first or
 * last. Positions are then renumbered 0…n-1, which also repairs ties left by older data.
 */
export function reorder<T extends { id: string }>(rows: T[], id: string, direction: "up" | "down"): T[] | null {
  const i = rows.findIndex((r) => r.id === id);
  const j = direction === "up" ? i - 1 : i + 1;
  if (i < 0 || j < 0 || j >= rows.length) return null;
  const out = [...rows];
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}
