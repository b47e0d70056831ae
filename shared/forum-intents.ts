/**
 * The thread page's interactions by name (a form's `intent`): the page's buttons send them and its action runs
 * one forum operation for each (app/features/forum/interactions.server.ts, whose tables must name exactly
 * these). Intents on one post answer at that post; the others at the thread's header.
 */
export const POST_INTENTS = ["like", "unlike", "report", "accept", "unaccept", "hidePost", "publishPost"] as const;
export const THREAD_INTENTS = ["follow", "unfollow", "pin", "unpin", "lock", "unlock", "hideThread", "publishThread", "move"] as const;
export type PostIntent = (typeof POST_INTENTS)[number];
export type ThreadIntent = (typeof THREAD_INTENTS)[number];

/** The moderation toolbar's intents (hiding the thread has its own confirmation step). */
export const TOOLBAR_INTENTS = ["pin", "unpin", "lock", "unlock", "publishThread", "move"] as const satisfies readonly ThreadIntent[];
