import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { rateLimitHits } from "#server/db/schema";

export type RateRule = { limit: number; windowSeconds: number };
export type RateResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Fixed-window counters in the database, so that a limit holds across every instance. One upsert per hit:
 * the increment is atomic on both PGlite and PostgreSQL.
 */
export class RateLimiter {
  constructor(
    private readonly db: Database,
    private readonly now = () => Date.now(),
  ) {}

  async hit(bucket: string, rule: RateRule): Promise<RateResult> {
    const windowMs = rule.windowSeconds * 1000;
    const nowMs = this.now();
    const start = Math.floor(nowMs / windowMs) * windowMs;
    const [row] = await this.db
      .insert(rateLimitHits)
      .values({ bucket, windowStart: new Date(start), count: 1, expiresAt: new Date(start + windowMs) })
      .onConflictDoUpdate({
        target: [rateLimitHits.bucket, rateLimitHits.windowStart],
        set: { count: sql`${rateLimitHits.count} + 1` },
      })
      .returning({ count: rateLimitHits.count });
    const count = row?.count ?? 1;
    return { allowed: count <= rule.limit, count, retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - nowMs) / 1000)) };
  }

  /** The count in the current window, without counting this look. */
  async peek(bucket: string, rule: RateRule): Promise<RateResult> {
    const windowMs = rule.windowSeconds * 1000;
    const nowMs = this.now();
    const start = Math.floor(nowMs / windowMs) * windowMs;
    const rows = await this.db
      .select({ count: rateLimitHits.count })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.windowStart, new Date(start))))
      .limit(1);
    const count = rows[0]?.count ?? 0;
    return { allowed: count < rule.limit, count, retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - nowMs) / 1000)) };
  }

  /** Checks several rules (per minute, per hour…); the first exceeded one refuses. */
  async hitAll(bucket: string, rules: RateRule[]): Promise<RateResult> {
    let last: RateResult = { allowed: true, count: 0, retryAfterSeconds: 0 };
    for (const rule of rules) {
      last = await this.hit(`${bucket}:${rule.windowSeconds}`, rule);
      if (!last.allowed) return last;
    }
    return last;
  }

  async purgeExpired(): Promise<number> {
    const rows = await this.db
      .delete(rateLimitHits)
      .where(sql`${rateLimitHits.expiresAt} < now()`)
      .returning({ b: rateLimitHits.bucket });
    return rows.length;
  }
}
