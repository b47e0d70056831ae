import { Icon, type IconName } from "#app/components/ui/icon";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Locale } from "#shared/locales";

/** The field of a bilingual row in the page's language. */
export const localized = (locale: Locale, es: string, en: string) => (locale === "es" ? es || en : en || es);
export const tagName = (locale: Locale, tag: { nameEs: string; nameEn: string }) => localized(locale, tag.nameEs, tag.nameEn);

/** Pinned, locked, resolved and hidden markers: an icon and a word (never colour alone). */
export function ThreadBadges({ thread }: { thread: { pinned: boolean; locked: boolean; resolved: boolean; hidden: boolean } }) {
  const { t } = useTranslation("forum");
  const items = [
    thread.pinned && { key: "pinned", icon: "pin", tone: "border-primary/50 text-foreground" },
    thread.resolved && { key: "resolved", icon: "circle-check", tone: "border-positive/60 text-positive" },
    thread.locked && { key: "locked", icon: "lock", tone: "border-border text-muted-foreground" },
    thread.hidden && { key: "hidden", icon: "eye-off", tone: "border-danger/60 text-danger" },
  ].filter(Boolean) as { key: string; icon: IconName; tone: string }[];
  if (!items.length) return null;
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      {items.map(({ key, icon, tone }) => (
        <span key={key} className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold ${tone}`}>
          <Icon name={icon} size={12} />
          {t(`badge.${key}`)}
        </span>
      ))}
    </span>
  );
}

/** Previous / next links and "page n of m", as plain links (they work without JavaScript). */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  label,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  label: string;
}) {
  const { t } = useTranslation("forum");
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link className="btn btn-outline" to={hrefFor(page - 1)} rel="prev">
          {t("pagination.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted-foreground" aria-current="page">
        {t("pagination.status", { page, pageCount })}
      </span>
      {page < pageCount ? (
        <Link className="btn btn-outline" to={hrefFor(page + 1)} rel="next">
          {t("pagination.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/**
 * Community › category › forum › thread. A step named like the one before it (a category called like the
 * community itself) is said once: "Comunidad › Comunidad" reads as a mistake.
 */
export function Breadcrumbs({ items }: { items: { to?: string; label: string }[] }) {
  const { t } = useTranslation("forum");
  const same = (a: string, b: string) => a.trim().localeCompare(b.trim(), undefined, { sensitivity: "base" }) === 0;
  const steps = items.filter((item, i) => i === 0 || !same(item.label, items[i - 1].label));
  return (
    <nav aria-label={t("breadcrumbs")} className="text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1.5">
        {steps.map((item, i) => (
          <li key={i} className="flex items-center gap-1.5">
            {i > 0 ? <span aria-hidden="true">›</span> : null}
            {item.to ? (
              <Link className="link inline-block py-1" to={item.to}>
                {item.label}
              </Link>
            ) : (
              <span aria-current="page">{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Colours for forums without one of their own: picked from the slug, so a forum keeps its colour. */
const FORUM_PALETTE = ["#0ea5e9", "#8b5cf6", "#22c55e", "#f97316", "#e11d48", "#eab308", "#14b8a6", "#6366f1"];

/** A forum's colour (Discourse's category colour): its own, or one from the palette by its slug. */
export function forumColor(forum: { slug: string; color: string | null }): string {
  if (forum.color) return forum.color;
  let h = 0;
  for (const ch of forum.slug) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return FORUM_PALETTE[h % FORUM_PALETTE.length];
}

/** The forum's colour as a small square beside its name (decorative: the name says which forum it is). */
export function ForumSwatch({ color, size = 12 }: { color: string; size?: number }) {
  return (
    <span
      aria-hidden="true"
      className="inline-block shrink-0 rounded-[3px]"
      style={{ width: size, height: size, backgroundColor: color }}
    />
  );
}
