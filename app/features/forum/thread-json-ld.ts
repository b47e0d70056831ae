import type { ThreadPost, ThreadView } from "#server/modules/forum/get-thread";
import { threadPath } from "#shared/forum-paths";
import { localizedPath, type Locale } from "#shared/locales";

/**
 * SPEC: pages that search engines understand. A thread page's structured data: DiscussionForumPosting, or
 * QAPage once the question is resolved (with its accepted answer). Only visible posts of the page are named.
 */
/** How much of each post's text the structured data carries. */
export const JSON_LD_TEXT = 160;

export function threadJsonLd(view: ThreadView, baseUrl: string, locale: Locale, deletedUser: string) {
  const { thread } = view;
  const url = baseUrl + localizedPath(threadPath(view.forum.slug, thread.slug), locale);
  const person = (a: { username: string } | null) =>
    a
      ? { "@type": "Person", name: a.username, url: baseUrl + localizedPath(`/u/${a.username}`, locale) }
      : { "@type": "Person", name: deletedUser };
  const visible = view.posts.filter((p) => p.bodyMd !== null && !p.hidden);
  const replies = visible.filter((p) => p.number > 1);
  // A snippet per post (20 posts of 500 characters were 13 KB of every thread page).
  const textOf = (p: ThreadPost) => (p.bodyMd ?? "").replace(/\s+/g, " ").trim().slice(0, JSON_LD_TEXT);
  const postUrl = (p: ThreadPost) => `${url}${view.page > 1 ? `?page=${view.page}` : ""}#post-${p.number}`;
  const inLanguage = locale === "es" ? "es-ES" : "en-US";
  if (thread.resolved) {
    const answer = (p: ThreadPost) => ({
      "@type": "Answer",
      text: textOf(p),
      author: person(p.author),
      datePublished: new Date(p.createdAt).toISOString(),
      url: postUrl(p),
      upvoteCount: p.likeCount,
    });
    const accepted = replies.find((p) => p.accepted);
    return {
      "@context": "https://schema.org",
      "@type": "QAPage",
      inLanguage,
      mainEntity: {
        "@type": "Question",
        name: thread.title,
        text: thread.description || thread.title,
        answerCount: thread.replyCount,
        upvoteCount: thread.likeCount,
        datePublished: new Date(thread.createdAt).toISOString(),
        author: person(thread.author),
        url,
        ...(accepted ? { acceptedAnswer: answer(accepted) } : {}),
        suggestedAnswer: replies.filter((p) => !p.accepted).map(answer),
      },
    };
  }
  return {
    "@context": "https://schema.org",
    "@type": "DiscussionForumPosting",
    "@id": url,
    url,
    headline: thread.title,
    text: thread.description || thread.title,
    inLanguage,
    author: person(thread.author),
    datePublished: new Date(thread.createdAt).toISOString(),
    dateModified: new Date(thread.lastActivityAt).toISOString(),
    interactionStatistic: [
      { "@type": "InteractionCounter", interactionType: "https://schema.org/CommentAction", userInteractionCount: thread.replyCount },
      { "@type": "InteractionCounter", interactionType: "https://schema.org/LikeAction", userInteractionCount: thread.likeCount },
    ],
    comment: replies.map((p) => ({
      "@type": "Comment",
      text: textOf(p),
      // The name only: the profile's address is the thread author's to carry, not every reply's.
      author: { "@type": "Person", name: p.author?.username ?? deletedUser },
      datePublished: new Date(p.createdAt).toISOString(),
      url: postUrl(p),
    })),
  };
}
