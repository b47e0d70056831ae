import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { createUser, ensureRoles } from "#server/db/factories";
import { episodeGuestSessions, episodeRoomMailClock, episodeRooms, episodeSlots, notifications } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { SettingsStore } from "#server/modules/site/settings";
import { EventBus } from "#server/platform/events";
import { createLogger } from "#server/platform/logger";
import { Mailer } from "#server/platform/mail";
import { RateLimiter } from "#server/platform/rate-limit";
import { createInProcessRealtime, type RealtimeMessage } from "#server/platform/realtime";
import type { Storage } from "#server/platform/storage";
import { ROOM_LIMITS } from "#shared/rooms";
import { testActor } from "#tests/support/actors";
import { testDatabase } from "#tests/support/db";
import { codeOf, errorOf, testClock } from "#tests/support/forum-kit";
import { startSmtpServer } from "#tests/support/smtp";
import { answerSlot } from "./answer-slot";
import { confirmSlot } from "./confirm-slot";
import { roomChannel, type RoomViewer, type RoomsDeps } from "./deps";
import { listSlots } from "./list-slots";
import { RoomPresence } from "./presence";
import { proposeSlot } from "./propose-slot";
import { claimMailTurn, tellRoomActivity } from "./room-notices";
import { hashSecret, newSecret } from "./secrets";
import { setTimeZone } from "./set-time-zone";

/** Unfolds an iCalendar text into its content lines, checking CRLF endings and 75-octet lines on the way. */
function icsLines(text: string): string[] {
  expect(text.endsWith("\r\n")).toBe(true);
  const out: string[] = [];
  for (const line of text.slice(0, -2).split("\r\n")) {
    expect(line).not.toMatch(/[\r\n]/);
    expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    if (line.startsWith(" ")) out[out.length - 1] += line.slice(1);
    else out.push(line);
  }
  return out;
}

describe("an episode room's schedule", () => {
  let database: DatabaseHandle;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let deps: RoomsDeps;
  const clock = testClock(new Date("2026-05-01T10:00:00Z"));
  const log = createLogger("error", {}, () => {});
  let host: NonNullable<Actor>;
  let admin: NonNullable<Actor>;
  let outsider: NonNullable<Actor>;
  let linked: NonNullable<Actor>;
  let roomId: string;
  let otherRoomId: string;
  const guestSecret = newSecret();
  const otherGuestSecret = newSecret();
  let published: RealtimeMessage[] = [];

  const asHost = (): RoomViewer => ({ actor: host, guestSecret: null });
  const asGuest = (secret = guestSecret): RoomViewer => ({ actor: null, guestSecret: secret });
  const asAdmin = (): RoomViewer => ({ actor: admin, guestSecret: null });
  const later = (hours: number) => new Date(clock.now().getTime() + hours * 3600_000).toISOString();
  const propose = (viewer: RoomViewer, over: Record<string, unknown> = {}, room = roomId) =>
    proposeSlot(deps, viewer, { roomId: room, startsAt: later(48), minutes: 60, ...over });
  const slotRow = async (id: string) => (await database.db.select().from(episodeSlots).where(eq(episodeSlots.id, id)))[0];
  const bells = (userId: string) => database.db.select().from(notifications).where(eq(notifications.userId, userId));

  async function makeRoom(hostId: string, secret: string, over: Partial<typeof episodeRooms.$inferInsert> = {}) {
    const id = randomUUID();
    await database.db.insert(episodeRooms).values({
      id,
      title: "Episode 12: shaders, pixels; and more",
      guestName: "Lucía Pérez",
      guestEmail: "lucia@example.com",
      guestLocale: "es",
      hostId,
      hostTimeZone: "Europe/Madrid",
      ...over,
    });
    await database.db.insert(episodeGuestSessions).values({ id: randomUUID(), roomId: id, secretHash: hashSecret(secret) });
    return id;
  }

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    smtp = await startSmtpServer();
    const realtime = createInProcessRealtime(log);
    deps = {
      db: database.db,
      settings: new SettingsStore(database.db, 0),
      mailer: new Mailer(database.db, { smtpUrl: smtp.url, mailFrom: "Nexo Indie <no-reply@example.com>" }, log),
      storage: {} as Storage,
      realtime,
      rateLimiter: new RateLimiter(database.db, () => clock.now().getTime()),
      events: new EventBus(log),
      presence: new RoomPresence(),
      siteName: "Nexo Indie",
      baseUrl: "https://nexoindie.example",
      now: clock.now,
      log,
    };
    const h = await createUser(database.db, { username: "host_ana", email: "ana@example.com", roles: ["Moderator"] });
    host = testActor({ userId: h.id, username: "host_ana", roles: ["Moderator"] });
    const a = await createUser(database.db, { username: "admin_max", roles: ["Admin"] });
    admin = testActor({ userId: a.id, username: "admin_max", roles: ["Admin"] });
    const o = await createUser(database.db, { username: "mod_other", roles: ["Moderator"] });
    outsider = testActor({ userId: o.id, username: "mod_other", roles: ["Moderator"] });
    const l = await createUser(database.db, { username: "guest_linked" });
    linked = testActor({ userId: l.id, username: "guest_linked" });
    roomId = await makeRoom(h.id, guestSecret);
    otherRoomId = await makeRoom(o.id, otherGuestSecret, { guestEmail: "other@example.com" });
    realtime.subscribe(roomChannel(roomId), (m) => published.push(m));
  });
  afterAll(async () => {
    await smtp.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.db.delete(episodeSlots);
    await database.db.delete(episodeRoomMailClock);
    await database.db.delete(notifications);
    await database.db.update(episodeRooms).set({ guestTimeZone: null, guestUserId: null, status: "preparing" });
    deps.presence = new RoomPresence();
    smtp.received.length = 0;
    published = [];
  });

  describe("proposing", () => {
    it("takes an instant from either side, or a day and time in a zone, and lists them with both zones", async () => {
      const byHost = await propose(asHost(), { startsAt: "2026-05-04T18:00:00+02:00", minutes: 90 });
      expect(byHost.startsAt.toISOString()).toBe("2026-05-04T16:00:00.000Z");
      const byGuest = await proposeSlot(deps, asGuest(), {
        roomId,
        date: "2026-05-05",
        time: "11:00",
        timeZone: "America/Mexico_City",
        minutes: "45",
      });
      expect(byGuest.startsAt.toISOString()).toBe("2026-05-05T17:00:00.000Z");
      expect(published).toEqual([
        { type: "slot.changed", id: byHost.id },
        { type: "slot.changed", id: byGuest.id },
      ]);
      const view = await listSlots(deps, asGuest(), { roomId });
      expect(view.slots.map((s) => [s.startsAt, s.minutes, s.status, s.proposedBy, s.proposedBySide])).toEqual([
        ["2026-05-04T16:00:00.000Z", 90, "proposed", "host", "host"],
        ["2026-05-05T17:00:00.000Z", 45, "proposed", "guest", "guest"],
      ]);
      expect(view).toMatchObject({
        hostTimeZone: "Europe/Madrid",
        guestTimeZone: null,
        role: "guest",
        viewerTimeZone: "Europe/Madrid",
        otherName: "host_ana",
        otherTimeZone: "Europe/Madrid",
      });
      const byAdmin = await propose(asAdmin());
      expect((await slotRow(byAdmin.id)).proposedBy).toBe("admin");
      expect((await listSlots(deps, asAdmin(), { roomId })).slots.find((s) => s.id === byAdmin.id)?.proposedBySide).toBe("host");
    });

    it("refuses a visitor, an outsider, the guest of another room, a past time, bad lengths and zones", async () => {
      expect(await codeOf(propose({ actor: null, guestSecret: null }))).toBe("rooms.forbidden");
      expect(await codeOf(propose({ actor: outsider, guestSecret: null }))).toBe("rooms.forbidden");
      expect(await codeOf(propose(asGuest(otherGuestSecret)))).toBe("rooms.forbidden");
      expect(await codeOf(propose(asHost(), {}, otherRoomId))).toBe("rooms.forbidden");
      expect(await codeOf(propose(asHost(), {}, "not-a-room"))).toBe("rooms.not_found");
      const past = await errorOf(propose(asHost(), { startsAt: later(-1) }));
      expect(past.code).toBe("input.invalid");
      expect(past.details?.fieldErrors).toMatchObject({ date: "errors:rooms.slot_past" });
      expect(await codeOf(propose(asHost(), { minutes: ROOM_LIMITS.slotMinutesMin - 1 }))).toBe("input.invalid");
      expect(await codeOf(propose(asHost(), { minutes: ROOM_LIMITS.slotMinutesMax + 1 }))).toBe("input.invalid");
      expect(await codeOf(propose(asHost(), { startsAt: "2026-05-04T18:00:00" }))).toBe("input.invalid");
      const zone = await errorOf(propose(asHost(), { startsAt: undefined, date: "2026-05-04", time: "18:00", timeZone: "Mars/Olympus" }));
      expect(zone.details?.fieldErrors).toMatchObject({ timeZone: "errors:rooms.time_zone_invalid" });
      expect(await codeOf(propose(asHost(), { startsAt: undefined, date: "2026-02-30", time: "18:00", timeZone: "UTC" }))).toBe(
        "input.invalid",
      );
      expect(await database.db.select().from(episodeSlots)).toHaveLength(0);
    });

    it("keeps at most the open slots the limit allows, even when proposed at once", async () => {
      await database.db.insert(episodeSlots).values(
        Array.from({ length: ROOM_LIMITS.openSlotsMax - 2 }, (_, i) => ({
          id: randomUUID(),
          roomId,
          startsAt: new Date(later(24 + i)),
          minutes: 60,
          proposedBy: "host" as const,
        })),
      );
      const results = await Promise.all(Array.from({ length: 5 }, (_, i) => codeOf(propose(asHost(), { startsAt: later(100 + i) }))));
      expect(results.filter((r) => r === "no error")).toHaveLength(2);
      expect(results.filter((r) => r === "rooms.slots_full")).toHaveLength(3);
      // A rejected slot no longer counts.
      const [one] = await database.db.select().from(episodeSlots).limit(1);
      await database.db.update(episodeSlots).set({ status: "rejected" }).where(eq(episodeSlots.id, one.id));
      expect(await codeOf(propose(asGuest()))).toBe("no error");
    });
  });

  describe("answering", () => {
    it("lets only the other side answer, once", async () => {
      const slot = await propose(asHost());
      expect(await codeOf(answerSlot(deps, asHost(), { roomId, slotId: slot.id, answer: "accept" }))).toBe("rooms.slot_state");
      expect(await codeOf(answerSlot(deps, asAdmin(), { roomId, slotId: slot.id, answer: "accept" }))).toBe("rooms.slot_state");
      expect(await codeOf(answerSlot(deps, { actor: outsider, guestSecret: null }, { roomId, slotId: slot.id, answer: "accept" }))).toBe(
        "rooms.forbidden",
      );
      expect(await codeOf(answerSlot(deps, asGuest(otherGuestSecret), { roomId, slotId: slot.id, answer: "accept" }))).toBe(
        "rooms.forbidden",
      );
      expect(await codeOf(answerSlot(deps, asGuest(), { roomId, slotId: randomUUID(), answer: "accept" }))).toBe("rooms.slot_not_found");
      expect(await codeOf(answerSlot(deps, asGuest(), { roomId, slotId: slot.id, answer: "maybe" }))).toBe("input.invalid");
      expect(await answerSlot(deps, asGuest(), { roomId, slotId: slot.id, answer: "accept" })).toEqual({ id: slot.id, status: "accepted" });
      expect(await codeOf(answerSlot(deps, asGuest(), { roomId, slotId: slot.id, answer: "reject" }))).toBe("rooms.slot_state");
      expect(await slotRow(slot.id)).toMatchObject({ status: "accepted", decidedAt: clock.now() });

      const guests = await propose(asGuest());
      expect(await codeOf(answerSlot(deps, asGuest(), { roomId, slotId: guests.id, answer: "reject" }))).toBe("rooms.slot_state");
      expect(await answerSlot(deps, asAdmin(), { roomId, slotId: guests.id, answer: "reject" })).toEqual({
        id: guests.id,
        status: "rejected",
      });
    });

    it("lets one of two answers at once win", async () => {
      const slot = await propose(asGuest());
      const results = await Promise.all([
        codeOf(answerSlot(deps, asHost(), { roomId, slotId: slot.id, answer: "accept" })),
        codeOf(answerSlot(deps, asAdmin(), { roomId, slotId: slot.id, answer: "reject" })),
      ]);
      expect(results.sort()).toEqual(["no error", "rooms.slot_state"]);
    });
  });

  describe("confirming", () => {
    async function accepted(by: RoomViewer = asHost(), hours = 48) {
      const slot = await propose(by, { startsAt: later(hours) });
      const answerer = by.actor ? asGuest() : asHost();
      await answerSlot(deps, answerer, { roomId, slotId: slot.id, answer: "accept" });
      return slot.id;
    }

    it("confirms one accepted slot, rejects the other open ones and mails both an invitation", async () => {
      await database.db
        .update(episodeRooms)
        .set({ guestTimeZone: "America/Mexico_City", guestLocale: "es" })
        .where(eq(episodeRooms.id, roomId));
      const chosen = await accepted(asHost(), 48);
      const other = await accepted(asGuest(), 72);
      const open = await propose(asGuest(), { startsAt: later(96) });
      const gone = await propose(asHost(), { startsAt: later(120) });
      await answerSlot(deps, asGuest(), { roomId, slotId: gone.id, answer: "reject" });
      smtp.received.length = 0;

      expect(await codeOf(confirmSlot(deps, asGuest(), { roomId, slotId: chosen }))).toBe("rooms.forbidden");
      expect(await codeOf(confirmSlot(deps, { actor: outsider, guestSecret: null }, { roomId, slotId: chosen }))).toBe("rooms.forbidden");
      expect(await codeOf(confirmSlot(deps, { actor: null, guestSecret: null }, { roomId, slotId: chosen }))).toBe("rooms.forbidden");
      expect(await codeOf(confirmSlot(deps, asHost(), { roomId, slotId: open.id }))).toBe("rooms.slot_state");

      const out = await confirmSlot(deps, asHost(), { roomId, slotId: chosen });
      expect(out.mails).toEqual({ host: "sent", guest: "sent" });
      expect((await slotRow(chosen)).status).toBe("confirmed");
      expect((await slotRow(other)).status).toBe("rejected");
      expect((await slotRow(open.id)).status).toBe("rejected");
      expect(await codeOf(confirmSlot(deps, asAdmin(), { roomId, slotId: other }))).toBe("rooms.slot_taken");

      expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(["ana@example.com", "lucia@example.com"]);
      const guestMail = smtp.received.find((m) => m.to.includes("lucia@example.com"))!;
      expect(guestMail.subject).toBe("Grabación confirmada: Episode 12: shaders, pixels; and more");
      // 10:00 UTC is 04:00 in Mexico City and 12:00 in Madrid: each reads their own time.
      expect(later(48)).toBe("2026-05-03T10:00:00.000Z");
      expect(guestMail.text).toContain("3 de mayo de 2026, 4:00 (hora de America/Mexico_City), 60 minutos.");
      expect(guestMail.text).toContain("America/Mexico_City");
      expect(guestMail.text).toContain(`https://nexoindie.example/es/episode-panel/${roomId}`);
      const hostMail = smtp.received.find((m) => m.to.includes("ana@example.com"))!;
      expect(hostMail.text).toContain("3 de mayo de 2026, 12:00 (hora de Europe/Madrid)");
      for (const mail of [guestMail, hostMail]) {
        expect(mail.attachments).toHaveLength(1);
        expect(mail.attachments[0]).toMatchObject({ filename: "invite.ics", contentType: "text/calendar" });
        const lines = icsLines(mail.attachments[0].content);
        expect(lines[0]).toBe("BEGIN:VCALENDAR");
        expect(lines).toContain("METHOD:REQUEST");
        expect(lines).toContain(`UID:${chosen}@nexoindie.example`);
        expect(lines).toContain(
          `DTSTART:${later(48)
            .replace(/[-:]/g, "")
            .replace(/\.\d{3}/, "")}`,
        );
        expect(lines).toContain("SUMMARY:Episode 12: shaders\\, pixels\\; and more");
        expect(lines.find((l) => l.startsWith("DESCRIPTION:"))).toContain(`/episode-panel/${roomId}`);
        expect(lines.find((l) => l.startsWith("ORGANIZER"))).toContain("mailto:ana@example.com");
        expect(lines.filter((l) => l.startsWith("ATTENDEE")).join()).toContain("mailto:lucia@example.com");
        expect(lines.at(-1)).toBe("END:VCALENDAR");
      }
      expect(published.filter((m) => m.id === chosen).length).toBeGreaterThan(0);
    });

    it("confirms one of two slots confirmed at once; the other is told the time is taken", async () => {
      const a = await accepted(asHost(), 48);
      const b = await accepted(asGuest(), 72);
      const results = await Promise.all([
        codeOf(confirmSlot(deps, asHost(), { roomId, slotId: a })),
        codeOf(confirmSlot(deps, asAdmin(), { roomId, slotId: b })),
      ]);
      expect(results.sort()).toEqual(["no error", "rooms.slot_taken"]);
      const confirmed = await database.db
        .select()
        .from(episodeSlots)
        .where(and(eq(episodeSlots.roomId, roomId), eq(episodeSlots.status, "confirmed")));
      expect(confirmed).toHaveLength(1);
    });

    it("is refused by the partial unique index even when the room's lock is skipped", async () => {
      const a = await accepted(asHost(), 48);
      const b = await accepted(asGuest(), 72);
      await database.db.update(episodeSlots).set({ status: "confirmed" }).where(eq(episodeSlots.id, a));
      await expect(database.db.update(episodeSlots).set({ status: "confirmed" }).where(eq(episodeSlots.id, b))).rejects.toThrow();
    });
  });

  describe("time zones", () => {
    it("keeps each side's zone in its own column and refuses unknown zones", async () => {
      expect(await setTimeZone(deps, asGuest(), { roomId, timeZone: "America/Mexico_City" })).toEqual({
        timeZone: "America/Mexico_City",
        changed: true,
      });
      expect(await setTimeZone(deps, asGuest(), { roomId, timeZone: "America/Mexico_City" })).toMatchObject({ changed: false });
      await setTimeZone(deps, asHost(), { roomId, timeZone: "Atlantic/Canary" });
      const [room] = await database.db.select().from(episodeRooms).where(eq(episodeRooms.id, roomId));
      expect(room).toMatchObject({ hostTimeZone: "Atlantic/Canary", guestTimeZone: "America/Mexico_City" });
      const view = await listSlots(deps, asHost(), { roomId });
      expect(view).toMatchObject({ viewerTimeZone: "Atlantic/Canary", otherTimeZone: "America/Mexico_City", otherName: "Lucía Pérez" });
      const bad = await errorOf(setTimeZone(deps, asGuest(), { roomId, timeZone: "Mars/Olympus" }));
      expect(bad.details?.fieldErrors).toEqual({ timeZone: "errors:rooms.time_zone_invalid" });
      expect(await codeOf(setTimeZone(deps, { actor: outsider, guestSecret: null }, { roomId, timeZone: "UTC" }))).toBe("rooms.forbidden");
      await setTimeZone(deps, asHost(), { roomId, timeZone: "Europe/Madrid" });
    });
  });

  describe("notices", () => {
    it("rings the host's bell and mails the host when the guest proposes while the host is away", async () => {
      const slot = await propose(asGuest());
      const [bell] = await bells(host.userId);
      expect(bell).toMatchObject({
        type: "episode_room",
        data: { roomId, kind: "slot_proposed", title: "Episode 12: shaders, pixels; and more" },
      });
      expect(smtp.received.map((m) => m.to[0])).toEqual(["ana@example.com"]);
      expect(smtp.received[0].subject).toContain("Novedades en la sala del episodio");
      // The guest answers nothing of their own; the host's answer tells the guest by mail (no account: no bell).
      await answerSlot(deps, asHost(), { roomId, slotId: slot.id, answer: "accept" });
      expect(smtp.received.map((m) => m.to[0])).toEqual(["ana@example.com", "lucia@example.com"]);
    });

    it("tells nobody who is in the room, and rings a guest's bell once they linked an account", async () => {
      deps.presence.enter(roomId, "guest-session", "guest", "Lucía Pérez");
      await propose(asHost());
      expect(smtp.received).toHaveLength(0);
      deps.presence.leave(roomId, "guest-session");
      await database.db.update(episodeRooms).set({ guestUserId: linked.userId }).where(eq(episodeRooms.id, roomId));
      await tellRoomActivity(deps, roomId, "chat", "host");
      expect((await bells(linked.userId)).map((n) => n.data)).toEqual([
        { roomId, title: "Episode 12: shaders, pixels; and more", kind: "chat", status: "preparing" },
      ]);
      expect(smtp.received.map((m) => m.to[0])).toEqual(["lucia@example.com"]);
      // An Admin's act is told to both sides.
      await tellRoomActivity(deps, roomId, "status", "admin");
      expect((await bells(host.userId)).map((n) => n.data.kind)).toEqual(["status"]);
    });

    it("mails each person at most once an hour per room, even for news at the same moment", async () => {
      await Promise.all(Array.from({ length: 6 }, () => tellRoomActivity(deps, roomId, "chat", "host")));
      expect(smtp.received.filter((m) => m.to.includes("lucia@example.com"))).toHaveLength(1);
      clock.advance(30 * 60_000);
      await tellRoomActivity(deps, roomId, "chat", "host");
      expect(smtp.received).toHaveLength(1);
      clock.advance(30 * 60_000);
      await tellRoomActivity(deps, roomId, "chat", "host");
      expect(smtp.received).toHaveLength(2);
      const claims = await Promise.all(Array.from({ length: 10 }, () => claimMailTurn(deps, roomId, "host", clock.now())));
      expect(claims.filter(Boolean)).toHaveLength(1);
    });

    it("sends no notice mail for a confirmation beyond the invitation", async () => {
      const slot = await propose(asHost());
      await answerSlot(deps, asGuest(), { roomId, slotId: slot.id, answer: "accept" });
      await database.db.delete(episodeRoomMailClock);
      await database.db.delete(notifications);
      smtp.received.length = 0;
      await confirmSlot(deps, asAdmin(), { roomId, slotId: slot.id });
      expect(smtp.received.map((m) => m.subject).every((s) => s.startsWith("Grabación confirmada"))).toBe(true);
      expect((await bells(host.userId)).map((n) => n.data.kind)).toEqual(["slot_confirmed"]);
    });
  });
});
