import { and, desc, eq, gt } from "drizzle-orm";
import { sessions } from "#server/db/schema";
import type { Actor } from "./actor";
import type { AccountsDeps } from "./deps";
import { assertSignedIn } from "./policy";

export type SessionSummary = {
  id: string;
  createdAt: string;
  lastActiveAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  current: boolean;
};

/**
 * The signed-in person's open sessions, this one first, without their tokens. Read from the table rather
 * than better-auth's list-sessions endpoint, which refuses sessions older than a day ("fresh" sessions only).
 */
export async function listSessions(deps: Pick<AccountsDeps, "db">, actor: Actor, now = new Date()): Promise<SessionSummary[]> {
  assertSignedIn(actor);
  const rows = await deps.db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, actor.userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.updatedAt));
  return rows
    .map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      lastActiveAt: r.updatedAt.toISOString(),
      ipAddress: r.ipAddress,
      userAgent: r.userAgent,
      current: r.id === actor.sessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}
