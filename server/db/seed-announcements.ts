import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { SITE_TIME_ZONE, zonedToUtc } from "#shared/announcements";
import type { Database } from "./client";
import { announcements } from "./schema";

const CHANNEL = "https://www.youtube.com/@nexoindie";
const BANNER = "/images/announcement.svg";
const DAY = 24 * 3600 * 1000;

/** The wall-clock time in Madrid `days` from now, at `hour`:00. */
function madridDaysAhead(now: Date, days: number, hour: number): Date {
  const day = new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);
  return zonedToUtc(`${day}T${String(hour).padStart(2, "0")}:00`, SITE_TIME_ZONE)!;
}

/**
 * Demo announcements, while there are none: the indie event of SPEC §9 (10 September 2025, 21:00 in Madrid,
 * past by now, so only the admin lists it) and two coming events, so the side panel and the home page show some.
 */
export async function seedDemoAnnouncements(db: Database, now: Date = new Date()): Promise<boolean> {
  const [{ existing }] = await db.select({ existing: sql<number>`count(*)::int` }).from(announcements);
  if (existing > 0) return false;
  const rows = [
    {
      titleEs: "Evento indie: presentación de juegos independientes",
      titleEn: "Indie event: independent games showcase",
      startsAt: zonedToUtc("2025-09-10T21:00", SITE_TIME_ZONE)!,
    },
    {
      titleEs: "Directo: demos de la comunidad",
      titleEn: "Live: community demo night",
      startsAt: madridDaysAhead(now, 12, 20),
    },
    {
      titleEs: "Escaparate indie de invierno",
      titleEn: "Winter indie showcase",
      startsAt: madridDaysAhead(now, 45, 19),
    },
  ];
  await db.insert(announcements).values(
    rows.map((r) => ({
      ...r,
      id: randomUUID(),
      timeZone: SITE_TIME_ZONE,
      imageUrl: BANNER,
      videoUrl: CHANNEL,
      createdAt: now,
      updatedAt: now,
    })),
  );
  return true;
}
