import { data, redirect, type AppLoadContext } from "react-router";
import { isDomainErrorLike } from "#app/lib/form.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { RoomRefusal } from "#app/features/rooms/room-header";
import { guestCookie, roomPath, roomViewer } from "#app/features/rooms/viewer.server";
import type { RoomViewer } from "#server/modules/rooms";
import type { Route } from "./+types/join";

export const handle = { i18n: ["rooms"] };

/** The address holds the invitation's token: it is never sent on to another page or site, nor kept. */
const PRIVATE_HEADERS = { "Referrer-Policy": "no-referrer", "Cache-Control": "private, no-store" };

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const out = new Headers();
  for (const name of Object.keys(PRIVATE_HEADERS)) {
    const value = loaderHeaders.get(name);
    if (value) out.set(name, value);
  }
  return out;
}

/** Whether this person may already enter the room (a guest session of it, or its host, or an Admin). */
async function mayEnter(context: AppLoadContext, viewer: RoomViewer, roomId: string): Promise<boolean> {
  try {
    await context.services.rooms.roomView(viewer, { roomId });
    return true;
  } catch (err) {
    if (isDomainErrorLike(err)) return false;
    throw err;
  }
}

/**
 * /episode-panel/{roomId}/join?token=… (SPEC §3, §6: guests enter with an access token): the guest access page.
 * A good token is spent and becomes a guest session in the room's cookie, and the guest goes on to the room
 * (303), so the token leaves the address bar. Otherwise SPEC §8's message for what went wrong and what to do. A
 * person who may already enter (a guest session, the host, an Admin) goes straight to the room.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { t, seo } = pageTools(context, request, "rooms");
  const roomId = params.roomId;
  const viewer = roomViewer(context, request, roomId);
  const token = new URL(request.url).searchParams.get("token");
  const toRoom = (cookie?: string) => {
    const headers = new Headers(PRIVATE_HEADERS);
    if (cookie) headers.append("Set-Cookie", cookie);
    return redirect(roomPath(context, roomId), { status: 303, headers });
  };
  const failed = (code: string, status: number) =>
    data(
      { code, seo: seo({ title: t("join.title"), description: t("metaDescription"), noindex: true, nofollow: true, path: "" }) },
      { status, headers: PRIVATE_HEADERS },
    );
  if (!token) return (await mayEnter(context, viewer, roomId)) ? toRoom() : failed("rooms.token_missing", 400);
  try {
    const { secret } = await context.services.rooms.verifyGuestToken(viewer, { roomId, token });
    return toRoom(guestCookie(context, roomId, secret));
  } catch (err) {
    if (!isDomainErrorLike(err)) throw err;
    // The link opened again by the guest it already let in.
    if (err.code === "rooms.token_invalid" && (await mayEnter(context, viewer, roomId))) return toRoom();
    return failed(err.code, err.status);
  }
}

export const meta: Route.MetaFunction = ({ data }) => [...seoMeta(data?.seo, data?.seo.fullTitle), { name: "referrer", content: "no-referrer" }];

export default function JoinPage({ loaderData }: Route.ComponentProps) {
  return <RoomRefusal code={loaderData.code} kind="join" />;
}
