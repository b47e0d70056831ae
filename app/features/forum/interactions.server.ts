import type { Actor } from "#server/modules/accounts/actor";
import type { ForumService } from "#server/modules/forum";
import type { PostIntent, ThreadIntent } from "#shared/forum-intents";

type SignedIn = NonNullable<Actor>;
type Run = (forum: ForumService, actor: SignedIn, form: FormData) => Promise<unknown>;
const field = (form: FormData, name: string) => form.get(name) ?? undefined;
const post = (form: FormData) => ({ postId: field(form, "postId") });
const thread = (form: FormData) => ({ threadId: field(form, "threadId") });
const moderated = (form: FormData, target: "postId" | "threadId") => ({ [target]: field(form, target), reason: field(form, "reason") });

/**
 * The thread page's interactions (#shared/forum-intents names them): each intent runs one forum operation, which
 * parses its input and checks who may do it. Intents on one post answer at that post; the others at the thread's
 * header.
 */
const POST_RUNS: Record<PostIntent, Run> = {
  like: (f, a, form) => f.likePost(a, post(form)),
  unlike: (f, a, form) => f.unlikePost(a, post(form)),
  report: (f, a, form) => f.reportPost(a, { ...post(form), reason: field(form, "reason") }),
  accept: (f, a, form) => f.acceptAnswer(a, post(form)),
  unaccept: (f, a, form) => f.unacceptAnswer(a, thread(form)),
  hidePost: (f, a, form) => f.hidePost(a, moderated(form, "postId")),
  publishPost: (f, a, form) => f.unhidePost(a, moderated(form, "postId")),
};
const THREAD_RUNS: Record<ThreadIntent, Run> = {
  follow: (f, a, form) => f.followThread(a, thread(form)),
  unfollow: (f, a, form) => f.unfollowThread(a, thread(form)),
  pin: (f, a, form) => f.pinThread(a, moderated(form, "threadId")),
  unpin: (f, a, form) => f.unpinThread(a, moderated(form, "threadId")),
  lock: (f, a, form) => f.lockThread(a, moderated(form, "threadId")),
  unlock: (f, a, form) => f.unlockThread(a, moderated(form, "threadId")),
  hideThread: (f, a, form) => f.hideThread(a, moderated(form, "threadId")),
  publishThread: (f, a, form) => f.unhideThread(a, moderated(form, "threadId")),
  move: (f, a, form) => f.moveThread(a, { ...moderated(form, "threadId"), forumSlug: field(form, "forumSlug") }),
};

export type Interaction = { scope: "post" | "thread"; run: Run };

/** The interaction an intent names, if it is one (own keys only: "constructor" is not an intent). */
export function interactionFor(intent: string): Interaction | null {
  if (Object.hasOwn(POST_RUNS, intent)) return { scope: "post", run: POST_RUNS[intent as PostIntent] };
  if (Object.hasOwn(THREAD_RUNS, intent)) return { scope: "thread", run: THREAD_RUNS[intent as ThreadIntent] };
  return null;
}
