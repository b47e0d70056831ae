/**
 * How many items one page of each list holds. The operations page their queries with these and the pages
 * compute links and post anchors with the same numbers, so the two never disagree.
 */
/** Threads in a forum, posts in a thread, reports in the queue. */
export const FORUM_PAGE_SIZE = 20;
/** Rows of the admin tables (users, companies, mail, audit). */
export const ADMIN_PAGE_SIZE = 25;
/** The leaderboard ranks this many members, shown LEADERBOARD_PAGE_SIZE at a time. */
export const LEADERBOARD_SIZE = 100;
export const LEADERBOARD_PAGE_SIZE = 25;
/** XP ledger rows: the admin's ledger and a member's own progress history. */
export const LEDGER_PAGE_SIZE = 50;
export const PROGRESS_HISTORY_PAGE_SIZE = 20;
/** Search hits of one section, and notifications. */
export const SEARCH_PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** The home page's newest threads and top members. */
export const HOME_THREADS = 6;
export const HOME_MEMBERS = 8;
