import { and, count, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { episodeFiles, episodeGuestSessions, episodeRoomTokens, episodeRooms, podcastEpisodes, profiles } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import type { EpisodeStatus } from "#shared/rooms";
import { listRoomsInput } from "./admin-input";
import { parseInput, type RoomsDeps } from "./deps";
import { assertCan, roomAbilities, roomRole } from "./policy";

/** Rooms per page of the admin tab. */
export const ROOMS_PAGE_SIZE = 20;

/** The state of a room's latest invitation link. */
export type TokenState = "pending" | "used" | "expired" | "revoked";

export type RoomListItem = {
  id: string;
  title: string;
  guestName: string;
  /** Shown to the host and Admins only: the only people the list shows a room to. */
  guestEmail: string;
  guestLocale: string;
  status: EpisodeStatus;
  hostName: string;
  /** Whether the person looking hosts it. */
  mine: boolean;
  podcast: { titleEs: string; titleEn: string } | null;
  createdAt: string;
  publishedAt: string | null;
  filesPurgedAt: string | null;
  files: number;
  token: { state: TokenState; expiresAt: string } | null;
  /** A guest session is on (the guest has entered and not been shut out). */
  guestActive: boolean;
  can: { update: boolean; reissue: boolean; revokeGuest: boolean; purgeFiles: boolean };
};

/**
 * The "Episode rooms" tab (SPEC §2): the rooms one hosts (an Admin: every room, or only theirs with "mine"),
 * newest first, filtered by status, paged; each with its podcast episode, its latest invitation link's state and
 * whether its guest is in; and how many days a new invitation link works.
 */
export async function listRooms(deps: Pick<RoomsDeps, "db" | "settings" | "now">, actor: Actor, input: unknown) {
  assertCan(actor, "episode_room.list");
  const { status, host: asked, page } = parseInput(listRoomsInput, input);
  // An Admin sees every room; anyone else of the team only the rooms they host.
  const seesAll = roomRole(actor, {}) === "admin";
  const host = seesAll ? asked : "mine";
  const where: SQL | undefined = and(
    host === "mine" ? eq(episodeRooms.hostId, actor!.userId) : undefined,
    status === "all" ? undefined : eq(episodeRooms.status, status),
  );
  const [{ total }] = await deps.db.select({ total: count() }).from(episodeRooms).where(where);
  const pageCount = Math.max(1, Math.ceil(total / ROOMS_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const rows = await deps.db
    .select({
      room: episodeRooms,
      hostName: profiles.username,
      podcastTitleEs: podcastEpisodes.titleEs,
      podcastTitleEn: podcastEpisodes.titleEn,
      files: sql<number>`(select count(*)::int from ${episodeFiles} where ${episodeFiles.roomId} = ${episodeRooms.id})`,
    })
    .from(episodeRooms)
    .leftJoin(profiles, eq(profiles.id, episodeRooms.hostId))
    .leftJoin(podcastEpisodes, eq(podcastEpisodes.id, episodeRooms.podcastId))
    .where(where)
    .orderBy(desc(episodeRooms.createdAt), episodeRooms.id)
    .limit(ROOMS_PAGE_SIZE)
    .offset((current - 1) * ROOMS_PAGE_SIZE);
  const ids = rows.map((r) => r.room.id);
  const tokens = ids.length
    ? await deps.db
        .selectDistinctOn([episodeRoomTokens.roomId], {
          roomId: episodeRoomTokens.roomId,
          expiresAt: episodeRoomTokens.expiresAt,
          usedAt: episodeRoomTokens.usedAt,
          revokedAt: episodeRoomTokens.revokedAt,
        })
        .from(episodeRoomTokens)
        .where(inArray(episodeRoomTokens.roomId, ids))
        .orderBy(episodeRoomTokens.roomId, desc(episodeRoomTokens.createdAt), desc(episodeRoomTokens.id))
    : [];
  const active = ids.length
    ? await deps.db
        .selectDistinct({ roomId: episodeGuestSessions.roomId })
        .from(episodeGuestSessions)
        .where(and(inArray(episodeGuestSessions.roomId, ids), isNull(episodeGuestSessions.revokedAt)))
    : [];
  const now = deps.now();
  const items: RoomListItem[] = rows.map(({ room, hostName, podcastTitleEs, podcastTitleEn, files }) => {
    const token = tokens.find((t) => t.roomId === room.id);
    const published = room.status === "published";
    const offers = roomAbilities(actor, { hostId: room.hostId, guestUserId: room.guestUserId, published });
    return {
      id: room.id,
      title: room.title,
      guestName: room.guestName,
      guestEmail: room.guestEmail,
      guestLocale: room.guestLocale,
      status: room.status,
      hostName: hostName ?? "",
      mine: room.hostId === actor!.userId,
      podcast: podcastTitleEs !== null && podcastTitleEn !== null ? { titleEs: podcastTitleEs, titleEn: podcastTitleEn } : null,
      createdAt: room.createdAt.toISOString(),
      publishedAt: room.publishedAt?.toISOString() ?? null,
      filesPurgedAt: room.filesPurgedAt?.toISOString() ?? null,
      files: Number(files),
      token: token
        ? {
            state: token.usedAt ? "used" : token.revokedAt ? "revoked" : token.expiresAt <= now ? "expired" : "pending",
            expiresAt: token.expiresAt.toISOString(),
          }
        : null,
      guestActive: !published && active.some((a) => a.roomId === room.id),
      can: { update: offers.manage, reissue: offers.reissue, revokeGuest: offers.revokeGuest, purgeFiles: offers.purgeFiles },
    };
  });
  /** Days a new invitation link works (the tab's help text says it). */
  const { tokenDays } = await deps.settings.get("episode_rooms");
  return { status, host, seesAll, page: current, pageCount, total, items, tokenDays };
}
