import { eq } from "drizzle-orm";
import { podcastEpisodes, profiles } from "#server/db/schema";
import type { EpisodeStatus, RoomRole } from "#shared/rooms";
import type { RoomViewer, RoomsDeps } from "./deps";
import { openRoom } from "./access";
import { can, roomAbilities, type RoomAbilities } from "./policy";

export type RoomHeader = {
  id: string;
  title: string;
  status: EpisodeStatus;
  guestName: string;
  /** Only for the host and Admins. */
  guestEmail: string | null;
  hostName: string;
  podcast: { slug: string; titleEs: string; titleEn: string; published: boolean } | null;
  filesPurged: boolean;
  published: boolean;
  role: RoomRole;
  /** The guest linked the account they are signed in with. */
  accountLinked: boolean;
  abilities: RoomAbilities;
};

/**
 * The room page's header (SPEC §3 Episode room): title, status, guest, host, the related podcast, and what the
 * viewer may do in it. The guest's email is shown to the host and Admins only.
 */
export async function roomView(deps: Pick<RoomsDeps, "db">, viewer: RoomViewer, input: { roomId?: unknown }): Promise<RoomHeader> {
  const { room, resource, member } = await openRoom(deps, viewer, input.roomId, "episode_room.view");
  const [host] = await deps.db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, room.hostId)).limit(1);
  const [podcast] = room.podcastId
    ? await deps.db
        .select({
          slug: podcastEpisodes.slug,
          titleEs: podcastEpisodes.titleEs,
          titleEn: podcastEpisodes.titleEn,
          published: podcastEpisodes.published,
        })
        .from(podcastEpisodes)
        .where(eq(podcastEpisodes.id, room.podcastId))
        .limit(1)
    : [];
  return {
    id: room.id,
    title: room.title,
    status: room.status,
    guestName: room.guestName,
    guestEmail: can(viewer.actor, "episode_room.read_guest_email", resource) ? room.guestEmail : null,
    hostName: host?.username ?? "",
    podcast: podcast ?? null,
    filesPurged: !!room.filesPurgedAt,
    published: room.status === "published",
    role: member.role,
    accountLinked: member.role === "guest" && !!viewer.actor && room.guestUserId === viewer.actor.userId,
    abilities: roomAbilities(viewer.actor, resource),
  };
}
