import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { podcastEpisodes, profiles } from "#server/db/schema";
import { renderEmail } from "#server/platform/mail-render";
import type { MailResult } from "#server/platform/mail";
import type { MailLocale } from "#server/platform/translate";
import type { RoomsDeps } from "./deps";
import type { RoomRow } from "./access";
import type { IssuedToken } from "./issue-token";

type MailDeps = Pick<RoomsDeps, "mailer" | "siteName" | "baseUrl" | "log">;

export type Invitation = {
  roomId: string;
  title: string;
  guestName: string;
  guestEmail: string;
  guestLocale: string;
  /** Who invites: the host's name. */
  host: string;
  hostTimeZone: string;
  /** The related podcast episode's title in the guest's language, if any. */
  podcast: string | null;
};

/** Where the guest enters: the guest access page of the room, in the guest's language, with the secret. */
export const invitationUrl = (baseUrl: string, locale: MailLocale, roomId: string, secret: string) =>
  `${baseUrl.replace(/\/$/, "")}/${locale}/episode-panel/${roomId}/join?token=${encodeURIComponent(secret)}`;

/**
 * The invitation, in the guest's language: who invites them, what the room is for, the link and until when it
 * works (in the host's time zone, named). Not retried later: a failure is told to the host at once, who sends a
 * new link. Answers whether the mail left (or was stored, without SMTP).
 */
export async function sendInvitation(deps: MailDeps, room: Invitation, token: IssuedToken): Promise<boolean> {
  const locale: MailLocale = room.guestLocale === "en" ? "en" : "es";
  const template = room.podcast ? "rooms.invite.podcast" : "rooms.invite.plain";
  const expires = new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: room.hostTimeZone,
    timeZoneName: "short",
  }).format(token.expiresAt);
  const rendered = renderEmail(
    {
      template,
      guestName: room.guestName,
      host: room.host,
      title: room.title,
      podcast: room.podcast ?? "",
      expires,
      url: invitationUrl(deps.baseUrl, locale, room.roomId, token.secret),
    },
    locale,
    deps.siteName,
  );
  let result: MailResult | null = null;
  try {
    result = await deps.mailer.send({ template: "rooms-invite", locale, to: room.guestEmail, ...rendered }, { retry: false });
  } catch (err) {
    deps.log.error("episode room invitation not sent", { err, roomId: room.roomId });
  }
  return !!result && result.status !== "failed";
}

/** A stored room's invitation: its host's name and its podcast episode's title in the guest's language. */
export async function invitationOf(db: Pick<Database, "select">, room: RoomRow): Promise<Invitation> {
  const [host] = await db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, room.hostId)).limit(1);
  const [podcast] = room.podcastId
    ? await db
        .select({ titleEs: podcastEpisodes.titleEs, titleEn: podcastEpisodes.titleEn })
        .from(podcastEpisodes)
        .where(eq(podcastEpisodes.id, room.podcastId))
        .limit(1)
    : [];
  return {
    roomId: room.id,
    title: room.title,
    guestName: room.guestName,
    guestEmail: room.guestEmail,
    guestLocale: room.guestLocale,
    host: host?.username ?? "",
    hostTimeZone: room.hostTimeZone,
    podcast: podcast ? (room.guestLocale === "en" ? podcast.titleEn : podcast.titleEs) : null,
  };
}
