import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "#server/db/client";
import { episodeGuestSessions, episodeRooms, episodeRoomTokens } from "#server/db/schema";
import { EventBus } from "#server/platform/events";
import { createLogger } from "#server/platform/logger";
import type { Mailer } from "#server/platform/mail";
import { RateLimiter } from "#server/platform/rate-limit";
import { createInProcessRealtime, type RealtimeMessage } from "#server/platform/realtime";
import { LocalStorage } from "#server/platform/storage";
import { SettingsStore } from "#server/modules/site/settings";
import type { EpisodeStatus } from "#shared/rooms";
import type { RoomsDeps } from "#server/modules/rooms/deps";
import { RoomPresence } from "#server/modules/rooms/presence";
import { hashSecret, newSecret } from "#server/modules/rooms/secrets";

/** Helpers for the rooms' data-layer tests (not a test file itself): deps on a test database, rooms made directly. */
export function roomsTestDeps(db: Database, clock: { now: () => Date }) {
  const log = createLogger("silent");
  const realtime = createInProcessRealtime(log);
  const published: { channel: string; message: RealtimeMessage }[] = [];
  const deps: RoomsDeps = {
    db,
    settings: new SettingsStore(db, 0),
    mailer: null as unknown as Mailer,
    storage: new LocalStorage(mkdtempSync(join(tmpdir(), "rooms-test-"))),
    realtime: {
      ...realtime,
      kind: realtime.kind,
      publish: async (channel, message) => {
        published.push({ channel, message });
        await realtime.publish(channel, message);
      },
    },
    rateLimiter: new RateLimiter(db, () => clock.now().getTime()),
    events: new EventBus(log),
    presence: new RoomPresence(),
    siteName: "Nexo Indie",
    baseUrl: "http://localhost:3999",
    now: clock.now,
    log,
  };
  return { deps, published };
}

export type TestRoom = { id: string; token: string; tokenId: string };

/** A room hosted by `hostId`, with one open invitation whose token is returned. */
export async function makeRoom(
  db: Database,
  spec: { hostId: string; status?: EpisodeStatus; now?: Date; tokenDays?: number; guestName?: string; title?: string },
): Promise<TestRoom> {
  const id = randomUUID();
  const now = spec.now ?? new Date();
  await db.insert(episodeRooms).values({
    id,
    title: spec.title ?? "Pixel art in small teams",
    guestName: spec.guestName ?? "Marta Ruiz",
    guestEmail: "marta@example.test",
    hostId: spec.hostId,
    status: spec.status ?? "preparing",
    createdAt: now,
    updatedAt: now,
  });
  const { token, tokenId } = await addToken(db, id, now, spec.tokenDays ?? 14);
  return { id, token, tokenId };
}

/** Another invitation of a room. */
export async function addToken(db: Database, roomId: string, now: Date, days = 14, over: { usedAt?: Date; revokedAt?: Date } = {}) {
  const token = newSecret();
  const tokenId = randomUUID();
  await db.insert(episodeRoomTokens).values({
    id: tokenId,
    roomId,
    tokenHash: hashSecret(token),
    expiresAt: new Date(now.getTime() + days * 86_400_000),
    createdAt: now,
    ...over,
  });
  return { token, tokenId };
}

/** A guest session of the room, made directly; its secret is returned (what the cookie carries). */
export async function makeGuestSession(db: Database, roomId: string, over: { revokedAt?: Date } = {}): Promise<string> {
  const secret = newSecret();
  await db.insert(episodeGuestSessions).values({ id: randomUUID(), roomId, secretHash: hashSecret(secret), ...over });
  return secret;
}
