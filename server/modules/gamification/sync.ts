import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { postLikes, posts, threads, users, xpLedger } from "#server/db/schema";
import type { Tx } from "./deps";
import type { ReversalCause, XpSession } from "./session";

/**
 * The forum's sources of XP, made to agree with the ledger (decision 0017). Each sync reads the source as it
 * is now and converges the ledger to it, so an event handled twice, late or out of order changes nothing
 * wrong: a visible thread holds its author's `thread_create` award, a visible reply its `post_create` award,
 * every like on a visible post (not one's own) a `like_received` award for the post's author. Hiding or
 * deleting reverses them; showing again restores them. Hiding a thread takes its thread XP and the likes of its
 * opening post; replies inside keep theirs (they are other people's, moderated one by one).
 *
 * Each sync reads who is involved (the author, the likers, whoever holds a like award on the post), locks
 * their stats rows (XpSession.lock), then reads the source again under the lock and acts on that; a liker who
 * appeared in between is settled by their own like's event.
 */
type Reader = Tx;

async function readPost(db: Reader, postId: string) {
  const [row] = await db
    .select({
      id: posts.id,
      number: posts.number,
      authorId: posts.authorId,
      hidden: posts.hidden,
      deletedAt: posts.deletedAt,
      createdAt: posts.createdAt,
      threadId: threads.id,
      threadAuthorId: threads.authorId,
      threadHidden: threads.hidden,
    })
    .from(posts)
    .innerJoin(threads, eq(threads.id, posts.threadId))
    .where(eq(posts.id, postId))
    .limit(1);
  return row ?? null;
}
type PostRow = NonNullable<Awaited<ReturnType<typeof readPost>>>;

async function readThread(db: Reader, threadId: string) {
  const [row] = await db
    .select({
      id: threads.id,
      authorId: threads.authorId,
      hidden: threads.hidden,
      createdAt: threads.createdAt,
      firstPostId: threads.firstPostId,
    })
    .from(threads)
    .where(eq(threads.id, threadId))
    .limit(1);
  return row ?? null;
}

const likesOf = (db: Reader, postId: string) =>
  db.select({ userId: postLikes.userId, createdAt: postLikes.createdAt }).from(postLikes).where(eq(postLikes.postId, postId));

/** Everyone a post's likes involve: who likes it now, and who holds a like award on it (maybe unliked since). */
async function likersOf(db: Reader, postId: string, authorId: string | null | undefined): Promise<string[]> {
  const now = (await likesOf(db, postId)).map((l) => l.userId);
  if (!authorId) return now;
  const awarded = await db
    .selectDistinct({ userId: xpLedger.counterpartId })
    .from(xpLedger)
    .where(
      and(
        eq(xpLedger.userId, authorId),
        eq(xpLedger.reason, "like_received"),
        eq(xpLedger.sourceId, postId),
        isNull(xpLedger.reversesId),
        isNotNull(xpLedger.counterpartId),
      ),
    );
  return [...now, ...awarded.map((a) => a.userId!)];
}

/** Whether a post's likes earn XP: the post is shown (the opening post with its thread). */
const likesCount = (p: PostRow) => !p.deletedAt && !p.hidden && (p.number > 1 || !p.threadHidden);
/** Why a post's XP goes, when it goes: deleted, else hidden (itself, or its thread for the opening post). */
const postCause = (p: Pick<PostRow, "deletedAt">): ReversalCause => (p.deletedAt ? "deleted" : "hidden");

async function convergeLikes(s: XpSession, post: PostRow, likes: Array<{ userId: string; createdAt: Date }>): Promise<void> {
  const author = post.authorId;
  if (!s.isLocked(author)) return;
  const states = await s.awardStates(author, "like_received", post.id);
  const wanted = new Map(
    likesCount(post) ? likes.filter((l) => l.userId !== author && s.isLocked(l.userId)).map((l) => [l.userId, l.createdAt]) : [],
  );
  const likers = new Set([...states.keys(), ...wanted.keys()]);
  // Someone not locked here liked after this session looked: their own event settles their like. Only an
  // account deleted since (its likes went with it) is settled here.
  const unlocked = [...likers].filter((l) => l && !s.isLocked(l));
  const existing = new Set(
    unlocked.length ? (await s.tx.select({ id: users.id }).from(users).where(inArray(users.id, unlocked))).map((u) => u.id) : [],
  );
  for (const liker of likers) {
    if (!liker || existing.has(liker)) continue;
    const at = wanted.get(liker) ?? s.now;
    const cause = likesCount(post) ? "like_removed" : postCause(post);
    await s.converge(
      { userId: author, reason: "like_received", sourceId: post.id, counterpartId: liker },
      wanted.has(liker),
      at,
      { postId: post.id, threadId: post.threadId, threadAuthorId: post.threadAuthorId },
      states.get(liker) ?? null,
      cause,
    );
  }
}

/** A thread: its author's thread XP (while the thread is shown) and the likes of its opening post. */
export async function syncThread(s: XpSession, threadId: string): Promise<void> {
  const before = await readThread(s.tx, threadId);
  const firstBefore = before?.firstPostId ? await likersOf(s.tx, before.firstPostId, before.authorId) : [];
  await s.lock([before?.authorId, ...firstBefore]);
  const thread = await readThread(s.tx, threadId);
  if (!thread?.authorId) return;
  const first = thread.firstPostId ? await readPost(s.tx, thread.firstPostId) : null;
  const shown = !thread.hidden && !!first && !first.deletedAt;
  await s.converge(
    { userId: thread.authorId, reason: "thread_create", sourceId: thread.id, counterpartId: null },
    shown,
    thread.createdAt,
    { threadId: thread.id, threadAuthorId: thread.authorId },
    undefined,
    thread.hidden ? "hidden" : "deleted",
  );
  if (first) await convergeLikes(s, first, await likesOf(s.tx, first.id));
}

/** A post: a reply's XP for its author (while shown), and its likes; the opening post goes with its thread. */
export async function syncPost(s: XpSession, postId: string): Promise<void> {
  const before = await readPost(s.tx, postId);
  if (!before) return s.lock([]);
  if (before.number === 1) return syncThread(s, before.threadId);
  await s.lock([before.authorId, ...(await likersOf(s.tx, postId, before.authorId))]);
  const post = await readPost(s.tx, postId);
  if (!post?.authorId) return;
  const shown = !post.deletedAt && !post.hidden;
  await s.converge(
    { userId: post.authorId, reason: "post_create", sourceId: post.id, counterpartId: null },
    shown,
    post.createdAt,
    { postId: post.id, threadId: post.threadId, threadAuthorId: post.threadAuthorId },
    undefined,
    postCause(post),
  );
  await convergeLikes(s, post, await likesOf(s.tx, post.id));
}

/** One like: XP for the post's author while the like exists and the post is shown; never for one's own post. */
export async function syncLike(s: XpSession, postId: string, likerId: string): Promise<void> {
  const before = await readPost(s.tx, postId);
  await s.lock([before?.authorId, likerId]);
  const post = await readPost(s.tx, postId);
  if (!post?.authorId || post.authorId === likerId) return;
  const [like] = await s.tx
    .select({ createdAt: postLikes.createdAt })
    .from(postLikes)
    .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, likerId)))
    .limit(1);
  const key = { userId: post.authorId, reason: "like_received" as const, sourceId: post.id, counterpartId: likerId };
  const cause = !like ? "like_removed" : postCause(post);
  await s.converge(
    key,
    !!like && likesCount(post),
    like?.createdAt ?? s.now,
    { postId: post.id, threadId: post.threadId, threadAuthorId: post.threadAuthorId },
    undefined,
    cause,
  );
}
