import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MiniAvatar } from "#app/components/ui/avatar";
import { RelativeTime } from "#app/components/ui/relative-time";
import { useLocalePath } from "#app/lib/use-locale";
import type { ListedMember, ThreadSummary } from "#server/modules/forum/list-threads";
import { postPath, threadPath } from "#shared/forum-paths";
import { tagName, ThreadBadges } from "./ui";

/* The list's rows use short classes from app/app.css (topic-row…): twenty rows repeat them. */

/** A number as people read it in a list (1.2k / 1,2 mil), with the exact figure said in words beside it. */
const compactFormats = new Map<string, Intl.NumberFormat>();
const compact = (n: number, locale: string) => {
  let f = compactFormats.get(locale);
  // One formatter per language for the life of the process: building one costs more than formatting a page.
  if (!f) compactFormats.set(locale, (f = new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 })));
  return f.format(n);
};

/** The author first, then the latest other posters: small overlapping avatars, the names said once. */
function Participants({ members }: { members: ListedMember[] }) {
  const { t } = useTranslation("forum");
  if (!members.length) return null;
  return (
    <span className="inline-flex items-center">
      <span className="flex -space-x-1.5" aria-hidden="true">
        {members.map((m) => (
          <span key={m.id} className="avatar-ring" title={m.username}>
            <MiniAvatar url={m.avatarUrl} username={m.username} userId={m.id} size={24} />
          </span>
        ))}
      </span>
      <span className="sr-only">{t("list.participants", { names: members.map((m) => m.username).join(", ") })}</span>
    </span>
  );
}

/** One figure of a thread: the number alone in its column on wide screens, the whole phrase on phones. */
function Figure({ value, words, locale, className = "" }: { value: number; words: string; locale: string; className?: string }) {
  return (
    <span className={className ? `topic-figure ${className}` : "topic-figure"}>
      <span aria-hidden="true" className="topic-figure-number">
        {compact(value, locale)}
      </span>
      <span className="sm:sr-only">{words}</span>
    </span>
  );
}

/**
 * The topic list of a forum, at Discourse's density: title with its badges and tags, the people who took
 * part, replies, views and last activity (when, and who), under the forum's colour. For a member, unread
 * threads stand out and their title leads to the first post they have not read.
 */
export function TopicList({
  items,
  forumSlug,
  color,
  tagHref,
}: {
  items: ThreadSummary[];
  forumSlug: string;
  color: string;
  tagHref: (slug: string) => string;
}) {
  const { t } = useTranslation("forum");
  const { locale, to } = useLocalePath();
  return (
    <div className="card overflow-hidden border-t-4" style={{ borderTopColor: color }}>
      <div
        aria-hidden="true"
        className="topic-columns border-b max-sm:hidden border-border px-4 py-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground"
      >
        <span>{t("list.topic")}</span>
        <span />
        <span className="text-center">{t("list.replies")}</span>
        <span className="text-center">{t("list.views")}</span>
        <span>{t("list.activity")}</span>
      </div>
      <ul className="divide-y divide-border" aria-label={t("forum.threadsLabel")}>
        {items.map((th) => {
          const unread = th.unread;
          const href =
            unread && !unread.neverRead ? to(postPath(forumSlug, th.slug, unread.firstUnread)) : to(threadPath(forumSlug, th.slug));
          const people = [...(th.author ? [th.author] : []), ...th.participants].slice(0, 5);
          return (
            <li key={th.id} className="topic-row topic-columns" data-thread={th.slug} data-unread={unread ? "true" : undefined}>
              <div className="min-w-0 space-y-1.5">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <h2 className={unread ? "topic-title font-bold" : "topic-title font-semibold"}>
                    <Link className="inline-block py-0.5 hover:underline" to={href}>
                      {th.title}
                    </Link>
                  </h2>
                  {unread ? (
                    <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-bold text-primary-foreground">
                      {unread.neverRead ? t("list.unreadNew") : t("list.unreadCount", { count: unread.count })}
                    </span>
                  ) : null}
                  <ThreadBadges thread={th} />
                </div>
                <div className="topic-meta">
                  <span>{th.author ? t("byAuthor", { username: th.author.username }) : t("deletedUser")}</span>
                  {th.tags.length ? (
                    <ul className="flex flex-wrap gap-1.5" aria-label={t("tags")}>
                      {th.tags.map((tag) => (
                        <li key={tag.slug}>
                          <Link
                            className="inline-flex min-h-6 items-center rounded-full bg-muted px-2 text-xs font-medium text-foreground hover:underline"
                            to={tagHref(tag.slug)}
                          >
                            {`#${tagName(locale, tag)}`}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              </div>
              {/* Phones: one line under the title. Wider screens: the columns. */}
              <div className="topic-figures">
                <Participants members={people} />
                <Figure value={th.replyCount} words={t("counts.replies", { count: th.replyCount })} locale={locale} />
                <Figure value={th.viewCount} words={t("counts.views", { count: th.viewCount })} locale={locale} />
                <span className="min-w-0 text-sm">
                  <span className="sr-only">{t("forum.lastActivity")}: </span>
                  <RelativeTime date={th.lastActivityAt} locale={locale} className="sm:block sm:font-medium" />
                  {th.lastPoster ? <span className="topic-last-by">{t("list.lastBy", { username: th.lastPoster.username })}</span> : null}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
