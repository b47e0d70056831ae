import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { createUser } from "#server/db/factories";
import { episodeGuestSessions, episodeRooms, episodeRoomTokens } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { testActor } from "#tests/support/actors";
import { testDatabase } from "#tests/support/db";
import { codeOf, testClock } from "#tests/support/forum-kit";
import { addToken, makeRoom, roomsTestDeps } from "#tests/support/rooms-content-kit";
import type { Database } from "#server/db/client";
import type { RoomsDeps } from "./deps";
import { linkGuestAccount } from "./link-guest-account";
import { roomView } from "./room-view";
import { hashSecret, newSecret } from "./secrets";
import { verifyGuestToken } from "./verify-guest-token";

/**
 * The guest access page's rules (SPEC §3, §6, §8): a token works once, for its own room, until it expires, is
 * revoked or the room is published; two requests with one token at once make exactly one session (on PGlite and
 * on PostgreSQL); a failing database is 'Could not verify your access.' or 'Could not start guest session.'.
 */
describe("guest access", () => {
  let database: DatabaseHandle;
  let deps: RoomsDeps;
  const clock = testClock(new Date("2026-11-02T10:00:00Z"));
  let host: NonNullable<Actor>;
  const visitor = { actor: null, guestSecret: null };
  const verify = (roomId: string, token: unknown, d: Pick<RoomsDeps, "db" | "now" | "log"> = deps) =>
    verifyGuestToken(d, visitor, { roomId, token });
  const sessions = (roomId: string) => database.db.select().from(episodeGuestSessions).where(eq(episodeGuestSessions.roomId, roomId));

  beforeAll(async () => {
    database = await testDatabase();
    deps = roomsTestDeps(database.db, clock).deps;
    const h = await createUser(database.db, { roles: ["Moderator"], username: "host_hugo" });
    host = testActor({ userId: h.id, roles: ["Moderator"], username: "host_hugo" });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("a good token makes one guest session whose secret opens the room, and then never works again", async () => {
    const room = await makeRoom(database.db, { hostId: host.userId, now: clock.now() });
    const { secret, roomId } = await verify(room.id, room.token);
    expect(roomId).toBe(room.id);
    const [session] = await sessions(room.id);
    expect(session).toMatchObject({ secretHash: hashSecret(secret), tokenId: room.tokenId, userId: null, revokedAt: null });
    // Only the hash of the secret is kept.
    expect(JSON.stringify(session)).not.toContain(secret);
    const view = await roomView(deps, { actor: null, guestSecret: secret }, { roomId: room.id });
    expect(view.role).toBe("guest");
    expect(view.guestEmail).toBeNull();
    const [token] = await database.db.select().from(episodeRoomTokens).where(eq(episodeRoomTokens.id, room.tokenId));
    expect(token!.usedAt).toEqual(clock.now());

    expect(await codeOf(verify(room.id, room.token))).toBe("rooms.token_invalid");
    expect(await sessions(room.id)).toHaveLength(1);
  });

  it("says what is wrong: no token, a malformed or unknown one, an unknown room", async () => {
    const room = await makeRoom(database.db, { hostId: host.userId, now: clock.now() });
    expect(await codeOf(verify(room.id, undefined))).toBe("rooms.token_missing");
    expect(await codeOf(verify(room.id, "   "))).toBe("rooms.token_missing");
    expect(await codeOf(verify(room.id, "short"))).toBe("rooms.token_invalid");
    expect(await codeOf(verify(room.id, newSecret()))).toBe("rooms.token_invalid");
    expect(await codeOf(verify("not-a-room", room.token))).toBe("rooms.not_found");
    expect(await codeOf(verify("00000000-0000-4000-8000-000000000000", room.token))).toBe("rooms.not_found");
    expect(await sessions(room.id)).toHaveLength(0);
  });

  it("refuses an expired token, a revoked one, another room's token and any token of a published room", async () => {
    const room = await makeRoom(database.db, {
      hostId: host.userId,
      now: new Date(clock.now().getTime() - 15 * 86_400_000),
      tokenDays: 14,
    });
    expect(await codeOf(verify(room.id, room.token))).toBe("rooms.token_invalid");

    const revoked = await addToken(database.db, room.id, clock.now(), 14, { revokedAt: clock.now() });
    expect(await codeOf(verify(room.id, revoked.token))).toBe("rooms.token_invalid");

    const other = await makeRoom(database.db, { hostId: host.userId, now: clock.now() });
    expect(await codeOf(verify(room.id, other.token))).toBe("rooms.token_invalid");
    // …and the other room's token still works there.
    await verify(other.id, other.token);

    const published = await makeRoom(database.db, { hostId: host.userId, now: clock.now(), status: "published" });
    expect(await codeOf(verify(published.id, published.token))).toBe("rooms.token_invalid");
    expect(await sessions(room.id)).toHaveLength(0);
    expect(await sessions(published.id)).toHaveLength(0);
  });

  it("two requests with one token at once: exactly one session", async () => {
    for (let round = 0; round < 5; round++) {
      const room = await makeRoom(database.db, { hostId: host.userId, now: clock.now() });
      const results = await Promise.allSettled([verify(room.id, room.token), verify(room.id, room.token), verify(room.id, room.token)]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results) if (r.status === "rejected") expect((r.reason as { code?: string }).code).toBe("rooms.token_invalid");
      expect(await sessions(room.id)).toHaveLength(1);
    }
  });

  it("a database that fails while checking is 'Could not verify your access.'", async () => {
    const room = await makeRoom(database.db, { hostId: host.userId, now: clock.now() });
    const down = {
      select: () => {
        throw new Error("connection refused");
      },
    } as unknown as Database;
    expect(await codeOf(verify(room.id, room.token, { ...deps, db: down }))).toBe("rooms.verify_failed");
  });

  it("a database that fails while storing the session is 'Could not start guest session.', and the token stays unspent", async () => {
    const room = await makeRoom(database.db, { hostId: host.userId, now: clock.now() });
    const failingInsert = new Proxy(database.db, {
      get(target, key, receiver) {
        if (key !== "transaction") return Reflect.get(target, key, receiver);
        return (work: (tx: unknown) => Promise<unknown>) =>
          target.transaction((tx) =>
            work(
              new Proxy(tx, {
                get(t, k, r) {
                  if (k === "insert")
                    return () => {
                      throw new Error("disk full");
                    };
                  const v = Reflect.get(t, k, r);
                  return typeof v === "function" ? v.bind(t) : v;
                },
              }),
            ),
          );
      },
    });
    expect(await codeOf(verify(room.id, room.token, { ...deps, db: failingInsert }))).toBe("rooms.guest_session_failed");
    const [token] = await database.db.select().from(episodeRoomTokens).where(eq(episodeRoomTokens.id, room.tokenId));
    expect(token!.usedAt).toBeNull();
    await verify(room.id, room.token);
  });

  it("a signed-in guest may link the access to their account; nobody else may", async () => {
    const room = await makeRoom(database.db, { hostId: host.userId, now: clock.now() });
    const { secret } = await verify(room.id, room.token);
    const g = await createUser(database.db, { username: "guest_gina" });
    const guest = testActor({ userId: g.id, username: "guest_gina" });
    // A guest without an account cannot link anything; the host and a stranger are refused.
    expect(await codeOf(linkGuestAccount(deps, { actor: null, guestSecret: secret }, { roomId: room.id }))).toBe("rooms.forbidden");
    expect(await codeOf(linkGuestAccount(deps, { actor: host, guestSecret: null }, { roomId: room.id }))).toBe("rooms.forbidden");
    expect(await codeOf(linkGuestAccount(deps, { actor: guest, guestSecret: null }, { roomId: room.id }))).toBe("rooms.forbidden");

    const before = await roomView(deps, { actor: guest, guestSecret: secret }, { roomId: room.id });
    expect(before.abilities.linkAccount).toBe(true);
    expect(before.accountLinked).toBe(false);
    await linkGuestAccount(deps, { actor: guest, guestSecret: secret }, { roomId: room.id });
    const [row] = await database.db.select().from(episodeRooms).where(eq(episodeRooms.id, room.id));
    expect(row!.guestUserId).toBe(g.id);
    expect((await sessions(room.id))[0]!.userId).toBe(g.id);
    // The account alone now opens the room.
    const after = await roomView(deps, { actor: guest, guestSecret: null }, { roomId: room.id });
    expect(after).toMatchObject({ role: "guest", accountLinked: true });
    // Publishing ends it.
    await database.db.update(episodeRooms).set({ status: "published" }).where(eq(episodeRooms.id, room.id));
    expect(await codeOf(roomView(deps, { actor: guest, guestSecret: secret }, { roomId: room.id }))).toBe("rooms.forbidden");
  });
});
