import { and, count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { avatarRenders, profiles } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { AVATAR_RENDER_STATUSES, type AvatarRenderStatus } from "#shared/character";
import { parseInput, type CharacterDeps } from "#server/modules/character/deps";
import { assertCan } from "#server/modules/character/policy";
import { toRenderView, type RenderView } from "./renders";

/** Renders per page of the admin's queue. */
export const RENDERS_PAGE_SIZE = 20;

const input = z.object({
  status: z.enum(AVATAR_RENDER_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});

export type RenderQueueRow = RenderView & { username: string | null };
export type RenderQueue = {
  status: AvatarRenderStatus | null;
  items: RenderQueueRow[];
  /** How many renders are in each state (the filter's counts). */
  counts: Record<AvatarRenderStatus, number>;
  page: number;
  pageCount: number;
  total: number;
};

/**
 * The render queue of the avatars admin tab (SPEC §4: pending, failed; requeue, force, cancel), newest first,
 * filtered by state and paged (`?status=failed&page=2`).
 */
export async function listRenders(deps: Pick<CharacterDeps, "db" | "storage">, actor: Actor, raw: unknown): Promise<RenderQueue> {
  assertCan(actor, "item.list_all");
  const { status, page } = parseInput(input, raw);
  const grouped = await deps.db.select({ status: avatarRenders.status, n: count() }).from(avatarRenders).groupBy(avatarRenders.status);
  const counts = Object.fromEntries(AVATAR_RENDER_STATUSES.map((s) => [s, 0])) as Record<AvatarRenderStatus, number>;
  for (const g of grouped) counts[g.status] = Number(g.n);
  const total = status ? counts[status] : Object.values(counts).reduce((a, b) => a + b, 0);
  const pageCount = Math.max(1, Math.ceil(total / RENDERS_PAGE_SIZE));
  const rows = await deps.db
    .select({ render: avatarRenders, username: profiles.username })
    .from(avatarRenders)
    .leftJoin(profiles, eq(profiles.id, avatarRenders.userId))
    .where(and(status ? eq(avatarRenders.status, status) : sql`true`))
    .orderBy(desc(avatarRenders.requestedAt), desc(avatarRenders.id))
    .limit(RENDERS_PAGE_SIZE)
    .offset((Math.min(page, pageCount) - 1) * RENDERS_PAGE_SIZE);
  return {
    status: status ?? null,
    items: rows.map((r) => ({ ...toRenderView(deps.storage, r.render), username: r.username })),
    counts,
    page: Math.min(page, pageCount),
    pageCount,
    total,
  };
}
