import { data, type AppLoadContext } from "react-router";
import { adminPage, orRefused, searchParamsOf, unknownIntent } from "#app/features/admin/route.server";
import type { AdminActionResult } from "#app/features/admin/shell";
import { actionFailure } from "#app/lib/form.server";
import type { FormFailure } from "#app/lib/form";

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/**
 * /admin/episode-rooms's data: the rooms this person may list (paged, filtered), the podcast episodes the create
 * form offers, and for Admins the rooms' settings. The tab's help text needs the days a link works.
 */
export async function roomsTabData(context: AppLoadContext, request: Request) {
  const { actor, admin, seo, locale } = adminPage(context, request);
  const rooms = context.services.rooms;
  const abilities = rooms.abilities(actor);
  const list = await orRefused(context, request, rooms.list(actor, searchParamsOf(request)));
  const podcasts = abilities.create ? await rooms.podcastChoices(actor) : [];
  // The settings form is the Admins' (the site's settings operation refuses anyone else).
  const settings = admin.abilities(actor).settingsUpdate ? (await admin.readSettings(actor)).episodeRooms : null;
  return { seo: seo("nav.episodeRooms"), abilities, list, podcasts, settings, locale };
}

/** What the tab's actions answer: the shared result, with the intent it answers (the create form keeps its values). */
export type RoomsActionResult = AdminActionResult & { intent?: string };

/** The tab's intents: create, status, reissue, revoke, publish, purge-files, and the Admins' settings. */
export async function roomsTabAction(context: AppLoadContext, request: Request, form: FormData) {
  const { actor, admin } = adminPage(context, request);
  const rooms = context.services.rooms;
  const intent = text(form, "intent");
  const roomId = text(form, "roomId");
  const done = (message: string, values: Record<string, string | number>): RoomsActionResult => ({
    ok: true,
    intent,
    message: `admin-rooms:done.${message}`,
    messageValues: values,
  });
  try {
    switch (intent) {
      case "create": {
        const r = await rooms.create(actor, {
          title: text(form, "title"),
          guestName: text(form, "guestName"),
          guestEmail: text(form, "guestEmail"),
          guestLocale: text(form, "guestLocale"),
          podcastId: text(form, "podcastId"),
          hostTimeZone: text(form, "hostTimeZone"),
        });
        return done("created", { title: r.title, email: r.guestEmail });
      }
      case "status": {
        const r = await rooms.update(actor, { roomId, status: text(form, "status") });
        return r.statusChanged ? done(`status.${r.status}`, { title: r.title }) : done("unchanged", { title: r.title });
      }
      case "reissue": {
        const r = await rooms.reissueToken(actor, { roomId });
        return done("reissued", { title: r.title, email: r.guestEmail });
      }
      case "revoke": {
        const r = await rooms.revokeGuest(actor, { roomId });
        return done("revoked", { title: r.title });
      }
      case "publish": {
        const r = await rooms.publish(actor, { roomId, files: text(form, "files") });
        return r.files === "purge" ? done("publishedPurged", { title: r.title, count: r.purged }) : done("published", { title: r.title });
      }
      case "purge-files": {
        const r = await rooms.purgeFiles(actor, { roomId });
        return done("purged", { title: r.title, count: r.purged });
      }
      case "settings": {
        const number = (name: string) => {
          const raw = text(form, name).trim();
          return /^\d{1,6}$/.test(raw) ? Number(raw) : raw;
        };
        await admin.updateSetting(actor, {
          key: "episode_rooms",
          value: { tokenDays: number("tokenDays"), chatPerMinute: number("chatPerMinute") },
        });
        return done("settings", {});
      }
      default:
        return unknownIntent(form);
    }
  } catch (err) {
    const answer = actionFailure(err, form);
    return data({ ...answer.data, intent } satisfies FormFailure & { intent: string }, answer.init ?? undefined);
  }
}
