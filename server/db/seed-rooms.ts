import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import * as Y from "yjs";
import type { Logger } from "#server/platform/logger";
import type { Database } from "./client";
import { DEMO_EPISODE_SLUGS } from "./seed-content";
import {
  episodeDocUpdates,
  episodeLinks,
  episodeMessages,
  episodeRooms,
  episodeScriptVersions,
  episodeSlots,
  podcastEpisodes,
  profiles,
} from "./schema";

/** The demo's episode room, named so the page sweep and the screenshots can open it. Its host is the demo moderator. */
export const DEMO_ROOM_ID = "3c9f0d4e-8a27-4b1f-b6e2-5d7a9c1e2f30";

const HOUR = 3_600_000;

const SCRIPT = [
  "Intro (2 min): who we are, who Ana is, what Tiny Lantern makes.",
  "",
  "1. The first prototype, made in a weekend.",
  "2. What the demo taught them: the festival, the wishlists.",
  "3. Sound on a budget: the foley they recorded at home.",
  "",
  "Close: where to find the game, the next episode.",
].join("\n");

const NOTES = "Ana prefers afternoons (Mexico City).\nAsk about the soundtrack's licence before recording.";

/** A document's text as one Yjs update, as the live editor would have stored it. */
function docUpdate(text: string): Buffer {
  const doc = new Y.Doc();
  doc.getText("body").insert(0, text);
  return Buffer.from(Y.encodeStateAsUpdate(doc));
}

/**
 * One room the demo moderator hosts with an invited guest: a script with two versions, notes, a chat, two
 * links and two proposed slots. No invitation link is kept (only a hash would be): the room's row in the admin
 * tab sends a new one, which lands in /admin/mail when no mail server is set. Only on a database without rooms;
 * the host is the demo moderator unless another username is given (the page bench).
 */
export async function seedDemoRooms(db: Database, log: Logger, opts: { hostUsername?: string } = {}): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(episodeRooms);
  if (count > 0) return false;
  const [host] = await db
    .select({ id: profiles.id, username: profiles.username })
    .from(profiles)
    .where(eq(profiles.username, opts.hostUsername ?? "moderadora"))
    .limit(1);
  if (!host) return false;
  const [podcast] = await db
    .select({ id: podcastEpisodes.id })
    .from(podcastEpisodes)
    .where(eq(podcastEpisodes.slug, DEMO_EPISODE_SLUGS[2]))
    .limit(1);
  const now = Date.now();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
  const guestName = "Ana Torres";
  await db.transaction(async (tx) => {
    await tx.insert(episodeRooms).values({
      id: DEMO_ROOM_ID,
      title: "Tiny Lantern: a game made in a weekend",
      guestName,
      guestEmail: "ana.torres@demo.nexoindie.test",
      guestLocale: "es",
      hostId: host.id,
      podcastId: podcast?.id ?? null,
      status: "ready",
      hostTimeZone: "Europe/Madrid",
      guestTimeZone: "America/Mexico_City",
      createdAt: at(72),
      updatedAt: at(2),
    });
    await tx.insert(episodeDocUpdates).values([
      { roomId: DEMO_ROOM_ID, doc: "script", update: docUpdate(SCRIPT), createdAt: at(5) },
      { roomId: DEMO_ROOM_ID, doc: "notes", update: docUpdate(NOTES), createdAt: at(5) },
    ]);
    const hostName = host.username ?? "moderadora";
    await tx.insert(episodeScriptVersions).values([
      {
        id: randomUUID(),
        roomId: DEMO_ROOM_ID,
        number: 1,
        body: SCRIPT.split("\n").slice(0, 4).join("\n"),
        summary: "First outline",
        authorRole: "host",
        authorUserId: host.id,
        authorName: hostName,
        createdAt: at(48),
      },
      {
        id: randomUUID(),
        roomId: DEMO_ROOM_ID,
        number: 2,
        body: SCRIPT,
        summary: "Sound segment and close",
        authorRole: "guest",
        authorUserId: null,
        authorName: guestName,
        createdAt: at(6),
      },
    ]);
    await tx.insert(episodeMessages).values([
      {
        id: randomUUID(),
        roomId: DEMO_ROOM_ID,
        authorRole: "host",
        authorUserId: host.id,
        authorName: hostName,
        body: "¡Hola Ana! He dejado un primer guion.",
        createdAt: at(30),
      },
      {
        id: randomUUID(),
        roomId: DEMO_ROOM_ID,
        authorRole: "guest",
        authorUserId: null,
        authorName: guestName,
        body: "¡Genial! Añado la parte del sonido esta tarde.",
        createdAt: at(29),
      },
      {
        id: randomUUID(),
        roomId: DEMO_ROOM_ID,
        authorRole: "guest",
        authorUserId: null,
        authorName: guestName,
        body: "He propuesto dos horarios para grabar.",
        createdAt: at(3),
      },
    ]);
    await tx.insert(episodeLinks).values([
      {
        id: randomUUID(),
        roomId: DEMO_ROOM_ID,
        title: "Tiny Lantern press kit",
        url: "https://example.com/tiny-lantern/press",
        addedByRole: "guest",
        addedByName: guestName,
        createdAt: at(20),
      },
      {
        id: randomUUID(),
        roomId: DEMO_ROOM_ID,
        title: "Recording checklist",
        url: "https://example.com/podcast/checklist",
        addedByRole: "host",
        addedByName: hostName,
        createdAt: at(10),
      },
    ]);
    // Two slots next week, 18:00 and 19:00 Madrid time give or take the season: whole hours in UTC.
    const nextWeek = Math.floor((now + 7 * 24 * HOUR) / HOUR) * HOUR;
    await tx.insert(episodeSlots).values([
      {
        id: randomUUID(),
        roomId: DEMO_ROOM_ID,
        startsAt: new Date(nextWeek),
        minutes: 60,
        status: "proposed",
        proposedBy: "guest",
        createdAt: at(3),
      },
      {
        id: randomUUID(),
        roomId: DEMO_ROOM_ID,
        startsAt: new Date(nextWeek + 26 * HOUR),
        minutes: 60,
        status: "proposed",
        proposedBy: "guest",
        createdAt: at(3),
      },
    ]);
  });
  log.info("demo episode room seeded");
  return true;
}
