import { FORUM_PAGE_SIZE } from "#shared/page-sizes";

/**
 * Addresses of the thread pages (without the language prefix). The thread page, its view builder and its
 * actions all compute pages and post anchors with these, so a link to post n always lands on its page.
 */
export const threadPath = (forumSlug: string, threadSlug: string) => `/community/${forumSlug}/${threadSlug}`;

/** The page of a thread that holds post `number`. */
export const pageOfPost = (number: number) => Math.max(1, Math.ceil(number / FORUM_PAGE_SIZE));

/** The thread page that holds post `number`, with its anchor. */
export function postPath(forumSlug: string, threadSlug: string, number: number): string {
  const page = pageOfPost(number);
  return `${threadPath(forumSlug, threadSlug)}${page > 1 ? `?page=${page}` : ""}#post-${number}`;
}
