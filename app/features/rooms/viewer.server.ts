import { data, type AppLoadContext } from "react-router";
import type { RoomViewer } from "#server/modules/rooms";
import { guestCookieName } from "#shared/rooms";
import { formValues } from "#app/lib/form";
import { actionFailure } from "#app/lib/form.server";
import type { RoomActionResult, RoomActionSuccess } from "./action-result";

/** The value of one cookie of the request, or null. */
function cookieOf(request: Request, name: string): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim() || null;
  }
  return null;
}

/** Who asks, as the room operations see it: the signed-in person and this room's guest cookie, if any. */
export function roomViewer(context: AppLoadContext, request: Request, roomId: string): RoomViewer {
  return { actor: context.actor, guestSecret: cookieOf(request, guestCookieName(roomId)) };
}

/** How long the browser keeps a guest's cookie; the session itself ends on the server (revoked, published). */
const GUEST_COOKIE_MAX_AGE = 90 * 24 * 3600;

/** The Set-Cookie of a guest session: HttpOnly, SameSite=Lax, Secure when the site is served over https. */
export function guestCookie(context: AppLoadContext, roomId: string, secret: string): string {
  const env = context.services.env;
  const secure = env.isProduction && env.baseUrl.startsWith("https://");
  return `${guestCookieName(roomId)}=${secret}; Max-Age=${GUEST_COOKIE_MAX_AGE}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export const roomPath = (context: AppLoadContext, roomId: string) => `${context.localePrefix}/episode-panel/${roomId}`;

/** A room action's success. */
export const roomSuccess = (intent: string, message: string): RoomActionSuccess => ({ ok: true, intent, message });

/** A room action's refusal (actionFailure's answer, marked with the intent so the right form shows it). */
export function roomFailure(err: unknown, form: FormData, intent: string) {
  const failed = actionFailure(err, form);
  return data({ ...failed.data, intent } satisfies RoomActionResult, failed.init ?? undefined);
}

/** An intent nobody handles. */
export function unknownRoomIntent(form: FormData, intent: string) {
  return data(
    { ok: false as const, values: formValues(form), fieldErrors: {}, formError: "errors:input.invalid", intent } satisfies RoomActionResult,
    {
      status: 400,
    },
  );
}
