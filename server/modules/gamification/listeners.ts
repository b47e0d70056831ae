import type { DomainEvents } from "#server/platform/events";
import type { GamificationDeps } from "./deps";
import { runSession } from "./session";
import { syncLike, syncPost, syncThread } from "./sync";

/**
 * Gamification listens to the forum's events (ARCHITECTURE: effects across areas go through events) and
 * makes the ledger agree with the source each names (see sync.ts), in its own transaction after the forum's
 * commit: handling an event twice changes nothing. Returns a function that unsubscribes.
 */
export function registerGamificationListeners(deps: GamificationDeps): () => void {
  const { events } = deps;
  const thread = (threadId: string, at: Date) => runSession(deps, at, (s) => syncThread(s, threadId));
  const post = (postId: string, at: Date) => runSession(deps, at, (s) => syncPost(s, postId));
  const content = (e: DomainEvents["content.hidden"] | DomainEvents["content.unhidden"]) =>
    e.kind === "thread" ? thread(e.id, e.at) : post(e.id, e.at);
  const offs = [
    events.subscribe("thread.created", (e) => thread(e.threadId, e.at)),
    events.subscribe("post.created", (e) => post(e.postId, e.at)),
    events.subscribe("post.deleted", (e) => post(e.postId, e.at)),
    events.subscribe("like.given", (e) => runSession(deps, e.at, (s) => syncLike(s, e.postId, e.userId))),
    events.subscribe("like.removed", (e) => runSession(deps, e.at, (s) => syncLike(s, e.postId, e.userId))),
    events.subscribe("content.hidden", content),
    events.subscribe("content.unhidden", content),
  ];
  return () => offs.forEach((off) => off());
}
