import { eq } from "drizzle-orm";
import { profiles, users } from "#server/db/schema";
import type { MailLocale } from "#server/platform/translate";
import type { RoomRow } from "./access";
import type { RoomsDeps } from "./deps";

/** Who a room's mail goes to: address, name, language and the time zone its times are written in. */
export type Recipient = { email: string; name: string; locale: MailLocale; timeZone: string };

const mailLocale = (locale: string | null | undefined): MailLocale => (locale === "en" ? "en" : "es");

/** The room's address in one language. */
export const roomUrl = (deps: Pick<RoomsDeps, "baseUrl">, locale: MailLocale, roomId: string) =>
  `${deps.baseUrl.replace(/\/$/, "")}/${locale}/episode-panel/${roomId}`;

/** The host as mails need them: address, name and language (their profile's). */
export async function hostRecipient(deps: Pick<RoomsDeps, "db">, room: RoomRow): Promise<Recipient | null> {
  const [host] = await deps.db
    .select({ email: users.email, username: profiles.username, locale: profiles.locale })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, room.hostId))
    .limit(1);
  if (!host) return null;
  return { email: host.email, name: host.username ?? host.email, locale: mailLocale(host.locale), timeZone: room.hostTimeZone };
}

export const guestRecipient = (room: RoomRow): Recipient => ({
  email: room.guestEmail,
  name: room.guestName,
  locale: mailLocale(room.guestLocale),
  timeZone: room.guestTimeZone ?? room.hostTimeZone,
});
