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

/** What the page may say, with its status (server/modules/rooms/errors.ts): SPEC §8's guest access messages. */
const JOIN_FAILURES = {
  "rooms.token_missing": 400,
  "rooms.token_invalid": 410,
  "rooms.not_found": 404,
  "rooms.verify_failed": 503,
  "rooms.guest_session_failed": 503,
} as const;

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
 * (303), so the token leaves the address bar. Otherwise the guest goes on to this page without the token
 * (`?failed=<code>`), which says SPEC §8's message for what went wrong, and what to do, with the code's status.
 * A person who may already enter (a guest session, the host, an Admin) goes straight to the room.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { t, seo } = pageTools(context, request, "rooms");
  const roomId = params.roomId;
  const viewer = roomViewer(context, request, roomId);
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const go = (location: string, cookie?: string) => {
    const headers = new Headers(PRIVATE_HEADERS);
    if (cookie) headers.append("Set-Cookie", cookie);
    return redirect(location, { status: 303, headers });
  };
  if (token) {
    try {
      const { secret } = await context.services.rooms.verifyGuestToken(viewer, { roomId, token });
      return go(roomPath(context, roomId), guestCookie(context, roomId, secret));
    } catch (err) {
      if (!isDomainErrorLike(err)) throw err;
      // The link opened again by the guest it already let in.
      if (err.code === "rooms.token_invalid" && (await mayEnter(context, viewer, roomId))) return go(roomPath(context, roomId));
      // The message is shown at an address without the token (the site's frame repeats the page's address).
      const code = JOIN_FAILURES[err.code as keyof typeof JOIN_FAILURES] ? err.code.slice("rooms.".length) : "verify_failed";
      return go(`${roomPath(context, roomId)}/join?failed=${code}`);
    }
  }
  if (await mayEnter(context, viewer, roomId)) return go(roomPath(context, roomId));
  const failed = `rooms.${url.searchParams.get("failed") ?? ""}`;
  const code = failed in JOIN_FAILURES ? (failed as keyof typeof JOIN_FAILURES) : "rooms.token_missing";
  return data(
    { code, seo: seo({ title: t("join.title"), description: t("metaDescription"), noindex: true, nofollow: true }) },
    { status: JOIN_FAILURES[code], headers: PRIVATE_HEADERS },
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...seoMeta(data?.seo, data?.seo.fullTitle),
  { name: "referrer", content: "no-referrer" },
];

export default function JoinPage({ loaderData }: Route.ComponentProps) {
  return <RoomRefusal code={loaderData.code} kind="join" />;
}
