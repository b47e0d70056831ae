import { eq } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { testActor } from "./actors";
import { createUser, type UserSpec } from "#server/db/factories";
import type { Database, DatabaseHandle } from "#server/db/client";
import * as schema from "#server/db/schema";
import { users } from "#server/db/schema";
import { EventBus } from "#server/platform/events";
import { createLogger } from "#server/platform/logger";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { SettingsStore } from "#server/modules/site/settings";
import type { ForumDeps } from "#server/modules/forum/deps";
import { renderPlain } from "#server/modules/forum/render-plain";

/** Helpers for the forum's data-layer tests (not a test file itself). */
export const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return "no error";
  } catch (e) {
    return e instanceof DomainError ? e.code : String(e);
  }
};
export const errorOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error("expected a DomainError");
};

/** A clock the test moves by hand. */
export function testClock(start = new Date()) {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance: (ms: number) => void (t += ms),
    set: (d: Date) => void (t = d.getTime()),
  };
}

export function forumDeps(db: Database, clock: { now: () => Date }, log = createLogger("silent")): ForumDeps {
  return { db, settings: new SettingsStore(db, 0), events: new EventBus(log), renderMarkdown: renderPlain, now: clock.now, log };
}

/** A member whose account was created `ageMs` before `now` (default: long ago, past the first-day limits). */
export async function member(db: Database, now: Date, spec: UserSpec & { ageMs?: number } = {}): Promise<NonNullable<Actor>> {
  const u = await createUser(db, spec);
  await db
    .update(users)
    .set({ createdAt: new Date(now.getTime() - (spec.ageMs ?? 30 * 24 * 3600_000)) })
    .where(eq(users.id, u.id));
  return testActor({
    userId: u.id,
    username: u.username,
    email: u.email,
    roles: spec.roles ?? [],
    emailVerified: spec.emailVerified ?? true,
    profileRole: spec.role ?? "creator",
  });
}

/** The same database through a second drizzle handle that counts the statements it sends. */
export function countingDb(handle: DatabaseHandle): { db: Database; count: () => number; reset: () => void } {
  let n = 0;
  const logger = { logQuery: () => void n++ };
  const client = (handle.db as unknown as { $client: unknown }).$client;
  const db = (handle.kind === "pglite"
    ? drizzlePglite({ client: client as never, schema, logger })
    : drizzlePg({ client: client as never, schema, logger })) as unknown as Database;
  return { db, count: () => n, reset: () => void (n = 0) };
}
