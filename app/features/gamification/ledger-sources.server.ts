import type { AppLoadContext } from "react-router";
import type { Actor } from "#server/modules/accounts/actor";
import type { LedgerEntry } from "#server/modules/gamification";
import { ledgerSourceIds, type LedgerSource } from "./ledger";

/**
 * The threads and posts a page of XP history came from, as the viewer may see them (the forum decides: a
 * deleted post or anything hidden from them is left out). While the forum is off, the titles stay and the
 * links go (its pages answer 404 then).
 */
export async function ledgerSources(
  context: AppLoadContext,
  actor: Actor,
  items: LedgerEntry[],
): Promise<{ threads: Record<string, LedgerSource>; posts: Record<string, LedgerSource> }> {
  const ids = ledgerSourceIds(items);
  if (!ids.threadIds.length && !ids.postIds.length) return { threads: {}, posts: {} };
  const [found, flags] = await Promise.all([context.services.forum.locateSources(actor, ids), context.services.settings.runtimeFlags()]);
  const link = (s: LedgerSource): LedgerSource => (flags.forum_enabled ? s : { ...s, path: null });
  return {
    threads: Object.fromEntries(Object.entries(found.threads).map(([id, s]) => [id, link(s)])),
    posts: Object.fromEntries(Object.entries(found.posts).map(([id, s]) => [id, link(s)])),
  };
}
