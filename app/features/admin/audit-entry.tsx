import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { AuditRefs } from "#server/modules/admin/audit-refs";
import type { AuditRow } from "#server/modules/admin/list-audit";
import { useLocalePath } from "#app/lib/use-locale";
import { formatDate } from "#app/i18n/format";
import { AUDIT_SENTENCES } from "#app/features/admin/audit-areas";
import { isObject, str } from "#app/features/admin/audit-sentence";

/**
 * One audit entry as a sentence a moderator reads ("night_mod hid the post #3 in “Shader help”"), with the
 * people, threads, posts and companies as links, and the details as translated notes and "field: old → new"
 * lines. Every action the code writes has a sentence (`audit.sentences.*` in both languages), and its area's
 * table (`audit-areas.ts`) says which variant, values and notes go with it; an unknown one falls back to its
 * translated label.
 */

type Details = Record<string, unknown>;
type Placeholder = "actor" | "target" | "post" | "reporter";

/** The setting keys and the label each one has on its own settings page. */
const SETTING_LABELS: Record<string, string> = {
  analytics_enabled: "settings.flags.analytics_enabled.label",
  forum_enabled: "settings.flags.forum_enabled.label",
  i18n_missing_enabled: "settings.flags.i18n_missing_enabled.label",
  announcement: "settings.announcement.title",
  maintenance: "settings.maintenance.title",
  forum_posting_limits: "forum.settings.limitsTitle",
  gamification_settings: "gamification.settings.title",
};

/** Fields of the settings written as objects, labelled as on their settings pages. */
const GAMIFICATION_FIELDS: Record<string, string> = {
  "rewards.thread_create": "threadCreateXp",
  "rewards.post_create": "postCreateXp",
  "rewards.like_received": "likeReceivedXp",
  "dailyCaps.thread_create": "threadCreateCap",
  "dailyCaps.post_create": "postCreateCap",
  "dailyCaps.like_received": "likeReceivedCap",
  pairDailyCap: "pairDailyCap",
  statPointsPerLevel: "statPointsPerLevel",
};

/** Leaves of a nested value as "a.b" paths ({ rewards: { x: 1 } } → rewards.x). */
function flatten(v: unknown, prefix = ""): Record<string, unknown> {
  if (!isObject(v)) return prefix ? { [prefix]: v } : { value: v };
  const out: Record<string, unknown> = {};
  for (const [k, inner] of Object.entries(v)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (isObject(inner)) Object.assign(out, flatten(inner, path));
    else out[path] = inner;
  }
  return out;
}

export function useAuditEntry(refs: AuditRefs) {
  const { t } = useTranslation("admin");
  const tb = useTranslation("badges").t;
  const tl = useTranslation("levels").t;
  const { to, locale } = useLocalePath();
  const inLocale = (es: string, en: string) => (locale === "es" ? es || en : en || es);

  const personLink = (id: string | null | undefined, fallback: string | null | undefined): ReactNode => {
    const u = id ? refs.users[id] : undefined;
    if (u)
      return (
        <Link className="link font-semibold" to={to(`/u/${encodeURIComponent(u.username)}`)}>
          {u.username}
        </Link>
      );
    return <span className="font-semibold">{fallback || t("audit.deletedUser")}</span>;
  };

  const postLink = (id: string | null, fallback: string | null): ReactNode => {
    const p = id ? refs.posts[id] : undefined;
    if (p)
      return (
        <Link className="link" to={to(p.path)}>
          {t("audit.postIn", { number: p.number, title: p.threadTitle })}
        </Link>
      );
    return <span>{fallback || t("audit.deletedPost")}</span>;
  };

  const settingLabel = (key: string) => (SETTING_LABELS[key] ? t(SETTING_LABELS[key]) : key);

  const achievementName = (id: string, fallback: string | null) => {
    const a = refs.achievements[id];
    if (!a) return fallback ?? id;
    const typed = locale === "es" ? a.nameEs || a.nameEn : a.nameEn || a.nameEs;
    return typed || tb(a.nameKey, { defaultValue: a.key });
  };

  /** The entry's target as a name, a link where it has a page. */
  const targetOf = (r: AuditRow): ReactNode => {
    const d = r.details;
    switch (r.targetType) {
      case "user":
        return personLink(r.targetId, r.targetName);
      case "company": {
        const c = refs.companies[r.targetId];
        return c ? (
          <Link className="link font-semibold" to={to(c.path)}>
            {c.name}
          </Link>
        ) : (
          <span className="font-semibold">{r.targetName}</span>
        );
      }
      case "thread": {
        const th = refs.threads[r.targetId];
        return th ? (
          <Link className="link" to={to(th.path)}>
            {t("audit.quoted", { text: th.title })}
          </Link>
        ) : (
          <span>{t("audit.quoted", { text: r.targetName ?? t("audit.deletedThread") })}</span>
        );
      }
      case "post":
        return postLink(r.targetId, r.targetName);
      case "report":
        return postLink(str(d.postId), null);
      case "forum": {
        const f = refs.forums[r.targetId];
        return f ? (
          <Link className="link" to={to(f.path)}>
            {t("audit.quoted", { text: inLocale(f.titleEs, f.titleEn) })}
          </Link>
        ) : (
          <span>{t("audit.quoted", { text: r.targetName ?? "" })}</span>
        );
      }
      case "category": {
        const c = refs.categories[r.targetId];
        return <span>{t("audit.quoted", { text: c ? inLocale(c.titleEs, c.titleEn) : (r.targetName ?? "") })}</span>;
      }
      case "tag": {
        const tag = refs.tags[r.targetId];
        return <span>{t("audit.quoted", { text: tag ? inLocale(tag.nameEs, tag.nameEn) : (r.targetName ?? "") })}</span>;
      }
      case "setting":
        return <span className="font-semibold">{settingLabel(r.targetId)}</span>;
      case "level":
        return <span>{r.targetId}</span>;
      case "achievement":
        return <span className="font-semibold">{t("audit.quoted", { text: achievementName(r.targetId, r.targetName) })}</span>;
      default:
        return <span>{r.targetName ?? t(`audit.targetTypes.${r.targetType}`, { defaultValue: r.targetType })}</span>;
    }
  };

  /** A stored value in words: yes/no, none, a translated rarity, type, icon, level title or category. */
  const valueText = (field: string, v: unknown): string => {
    const leaf = field.split(".").pop() ?? field;
    if (v === null || v === undefined || v === "") return t("audit.values.none");
    if (typeof v === "boolean") return t(v ? "audit.values.on" : "audit.values.off");
    if (leaf === "passwordHash") return t("audit.values.secret");
    if (leaf === "rarity") return tb(`rarity.${String(v)}`, { defaultValue: String(v) });
    if (leaf === "type") return tb(`type.${String(v)}`, { defaultValue: String(v) });
    if (leaf === "icon") return t(`gamification.achievements.icons.${String(v)}`, { defaultValue: String(v) });
    if (leaf === "titleKey") return tl(String(v), { defaultValue: String(v) });
    if (leaf === "categoryId") {
      const c = refs.categories[String(v)];
      return c ? inLocale(c.titleEs, c.titleEn) : t("audit.values.deleted");
    }
    if (leaf === "changedAt" || leaf === "until") return formatDate(String(v), locale, { dateStyle: "medium", timeStyle: "short" });
    if (typeof v === "number") return new Intl.NumberFormat(locale === "es" ? "es-ES" : "en-US").format(v);
    return typeof v === "string" ? v : JSON.stringify(v);
  };

  const fieldLabel = (r: AuditRow, path: string): string => {
    if (r.targetId === "forum_posting_limits") return t(`forum.settings.limits.${path}.label`, { defaultValue: path });
    if (r.targetId === "gamification_settings" && GAMIFICATION_FIELDS[path])
      return t(`gamification.settings.fields.${GAMIFICATION_FIELDS[path]}.label`);
    if (r.targetId === "announcement" && (path === "url" || path === "imageUrl")) return t(`settings.announcement.${path}`);
    return t(`audit.fields.${path}`, { defaultValue: path });
  };

  /** "field: old → new" for each field that changed ({ before, after } or { field: { before, after } }). */
  const changesOf = (r: AuditRow): string[] => {
    const d = r.details;
    let pairs: [string, unknown, unknown][] = [];
    if ("before" in d || "after" in d) {
      if (typeof d.before === "boolean" || typeof d.after === "boolean") return [];
      const before = flatten(d.before ?? {});
      const after = flatten(d.after ?? {});
      pairs = [...new Set([...Object.keys(before), ...Object.keys(after)])]
        .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
        .map((k) => [k, before[k], after[k]]);
    } else if (r.action === "gamification.achievement.update") {
      pairs = Object.entries(d)
        .filter(([, v]) => isObject(v))
        .map(([k, v]) => [k, (v as Details).before, (v as Details).after]);
    }
    return pairs
      .filter(([k]) => k !== "changedAt")
      .map(([k, a, b]) => t("audit.change", { field: fieldLabel(r, k), before: valueText(k, a), after: valueText(k, b) }));
  };

  /** The sentence's key, its plain values and the notes that follow it, as the action's area says them. */
  const sentenceOf = (r: AuditRow): { key: string; values: Record<string, string | number>; notes: string[] } => {
    const own = AUDIT_SENTENCES[r.action]?.(r, { t, valueText }) ?? {};
    return { key: own.key ?? `audit.sentences.${r.action}`, values: own.values ?? {}, notes: [...(own.notes ?? []), ...changesOf(r)] };
  };

  /** The sentence with its people and things in place of the placeholders. */
  const sentence = (row: AuditRow): ReactNode => {
    const { key, values, notes } = sentenceOf(row);
    const nodes: Record<Placeholder, ReactNode> = {
      actor: row.actorId ? personLink(row.actorId, row.actorName) : <span className="font-semibold">{t("audit.system")}</span>,
      target: targetOf(row),
      post: postLink(str(row.details.postId), null),
      reporter: personLink(str(row.details.reporterId), null),
    };
    const marks = Object.fromEntries(Object.keys(nodes).map((k) => [k, `\u2063${k}\u2063`]));
    const fallback = t("audit.sentences.unknown", {
      ...marks,
      action: t(`audit.actions.${row.action}`, { defaultValue: t("audit.unknownAction") }),
    });
    const text = t(key, { ...values, ...marks, defaultValue: fallback });
    const parts = text.split(/\u2063(actor|target|post|reporter)\u2063/);
    return (
      <>
        <p>{parts.map((part, i) => (i % 2 === 1 ? <Fragment key={i}>{nodes[part as Placeholder]}</Fragment> : part))}</p>
        {notes.length ? (
          <ul className="mt-1 space-y-0.5 text-xs text-muted-foreground">
            {notes.map((n, i) => (
              <li key={i}>{n}</li>
            ))}
          </ul>
        ) : null}
      </>
    );
  };

  return { sentence };
}
