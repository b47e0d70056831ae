import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { notificationPreferences } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { flagField, NOTIFICATION_TYPES, parseInput, type NotificationsDeps, type NotificationType } from "./deps";
import { assertCan } from "./policy";

export type NotificationPreferences = Record<NotificationType, boolean>;

/** One's per-type settings; every type is on until turned off. */
export async function getPreferences(deps: Pick<NotificationsDeps, "db">, actor: Actor): Promise<NotificationPreferences> {
  assertCan(actor, "notifications.configure");
  const rows = await deps.db
    .select({ type: notificationPreferences.type, enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, actor.userId));
  const prefs = Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, true])) as NotificationPreferences;
  for (const r of rows) if ((NOTIFICATION_TYPES as readonly string[]).includes(r.type)) prefs[r.type as NotificationType] = r.enabled;
  return prefs;
}

const setInput = z
  .object(
    Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, flagField.optional()])) as Record<
      NotificationType,
      z.ZodOptional<typeof flagField>
    >,
  )
  .strict();
export type SetPreferencesInput = Partial<NotificationPreferences>;

/** Turns notification types on or off (`{ like: false, reply: true }`; the types left out keep their setting). */
export async function setPreferences(
  deps: Pick<NotificationsDeps, "db" | "now">,
  actor: Actor,
  input: unknown,
): Promise<NotificationPreferences> {
  assertCan(actor, "notifications.configure");
  const data = parseInput(setInput, input);
  const now = deps.now();
  const values = Object.entries(data)
    .filter(([, v]) => v !== undefined)
    .map(([type, enabled]) => ({ userId: actor.userId, type, enabled: !!enabled, updatedAt: now }));
  if (values.length) {
    await deps.db
      .insert(notificationPreferences)
      .values(values)
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.type],
        set: { enabled: sql`excluded.enabled`, updatedAt: now },
      });
  }
  return getPreferences(deps, actor);
}
