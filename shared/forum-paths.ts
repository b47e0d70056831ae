import { FORUM_PAGE_SIZE } from "#shared/page-sizes";

/**
 * Addresses of the thread pages (without the language prefix). The thread page, its view builder and its
 * actions all compute pages and post anchors with these, so a link to post n always lands on its page.
 */
export const forumPath = (forumSlug: string) => `/community/${forumSlug}`;
export const threadPath = (forumSlug: string, threadSlug: string) => `${forumPath(forumSlug)}/${threadSlug}`;

/**
 * A link to post `number` that needs no page arithmetic: the thread page turns `?post=n` into the right page
 * and anchor (used where the page size is not at hand, such as stored links and notifications).
 */
export const postLinkPath = (forumSlug: string, threadSlug: string, number?: number | null) =>
  `${threadPath(forumSlug, threadSlug)}${number && number > 1 ? `?post=${number}` : ""}`;

/** The page of a thread that holds post `number`. */
export const pageOfPost = (number: number) => Math.max(1, Math.ceil(number / FORUM_PAGE_SIZE));

/** The thread page that holds post `number`, with its anchor. */
export function postPath(forumSlug: string, threadSlug: string, number: number): string {
  const page = pageOfPost(number);
  return `${threadPath(forumSlug, threadSlug)}${page > 1 ? `?page=${page}` : ""}#post-${number}`;
}
