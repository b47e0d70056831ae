/**
 * Lower-case ASCII words joined by "-", accents transliterated ("Ñandú" → "nandu"), at most `maxLength`
 * characters; `fallback` when nothing is left. Company, thread and (later) game slugs are all made here.
 */
export function slugify(text: string, fallback = "studio", maxLength = 60): string {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, maxLength)
      .replace(/-+$/g, "") || fallback
  );
}
