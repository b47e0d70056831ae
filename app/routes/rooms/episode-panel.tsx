import { data } from "react-router";
import { isDomainErrorLike } from "#app/lib/form.server";
import { currentLocation } from "#app/lib/guards.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import type { RoomActionResult } from "#app/features/rooms/action-result";
import { ChatSection } from "#app/features/rooms/chat-section";
import { NotesSection, ScriptSection } from "#app/features/rooms/docs-sections";
import { docsIntent, loadDocs } from "#app/features/rooms/docs.server";
import { FilesSection } from "#app/features/rooms/files-section";
import { LinksSection } from "#app/features/rooms/links-section";
import { LiveStatus } from "#app/features/rooms/live/live-status";
import { RoomLiveProvider } from "#app/features/rooms/live/room-live";
import { RoomHeaderBlock, RoomRefusal } from "#app/features/rooms/room-header";
import { ScheduleSection } from "#app/features/rooms/schedule-section";
import { loadSchedule, scheduleIntent } from "#app/features/rooms/schedule.server";
import { roomFailure, roomSuccess, roomViewer, unknownRoomIntent } from "#app/features/rooms/viewer.server";
import type { Route } from "./+types/episode-panel";

export const handle = { i18n: ["rooms", "rooms-docs", "rooms-schedule"] };

/** Never kept by a browser or a proxy; a refused chat message says when to try again. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const out = new Headers({ "Cache-Control": "private, no-store" });
  const retry = actionHeaders.get("Retry-After");
  if (retry) out.set("Retry-After", retry);
  return out;
}

/**
 * /episode-panel/{roomId} (SPEC §2, §3 Episode room): the room of one podcast episode, for its host, its invited
 * guest (by the room's guest cookie, or the account they linked) and Admins. Every operation checks the viewer
 * itself; a refusal is SPEC §8's message in the site's frame (404 for an unknown room, 403 for anyone else, with
 * a way to sign in for a visitor). Never indexed, never in the sitemap, no analytics.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { t, seo } = pageTools(context, request, "rooms");
  const roomId = params.roomId;
  const viewer = roomViewer(context, request, roomId);
  const rooms = context.services.rooms;
  const url = new URL(request.url);
  const meta = (title: string) => seo({ title, description: t("metaDescription"), noindex: true, nofollow: true });
  let header;
  try {
    header = await rooms.roomView(viewer, { roomId });
  } catch (err) {
    if (!isDomainErrorLike(err) || (err.status !== 404 && err.status !== 403)) throw err;
    const signInHref = context.actor ? null : `${context.localePrefix}/login?redirectTo=${encodeURIComponent(currentLocation(request))}`;
    return data(
      { refused: { code: err.code, signInHref }, seo: meta(t(err.status === 404 ? "refused.notFoundTitle" : "refused.title")) } as const,
      { status: err.status, headers: { "Cache-Control": "private, no-store" } },
    );
  }
  const before = url.searchParams.get("before");
  const [chat, links, files, docs, schedule] = await Promise.all([
    rooms.listChat(viewer, { roomId, before }),
    rooms.listLinks(viewer, { roomId }),
    rooms.listFiles(viewer, { roomId }),
    loadDocs(context, viewer, roomId, url),
    loadSchedule(context, viewer, roomId, url),
  ]);
  return data(
    {
      refused: null,
      header,
      chat,
      paged: !!before,
      links,
      files,
      docs,
      schedule,
      username: context.actor?.username ?? null,
      seo: meta(`${header.title} · ${t("title")}`),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...seoMeta(data?.seo, data?.seo.fullTitle),
  { name: "referrer", content: "same-origin" },
];

/** This page's own intents; the script's and the schedule's are handled by their sections' modules. */
type OwnIntent = "chat" | "link-add" | "link-remove" | "file-upload" | "file-delete" | "link-account";

export async function action({ context, request, params }: Route.ActionArgs) {
  const roomId = params.roomId;
  const viewer = roomViewer(context, request, roomId);
  const rooms = context.services.rooms;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  try {
    switch (intent as OwnIntent) {
      case "chat":
        await rooms.sendChat(viewer, { roomId, body: form.get("body") ?? "" });
        return roomSuccess(intent, "rooms:chat.sent");
      case "link-add":
        await rooms.addLink(viewer, { roomId, title: form.get("title") ?? "", url: form.get("url") ?? "" });
        return roomSuccess(intent, "rooms:links.added");
      case "link-remove":
        await rooms.removeLink(viewer, { roomId, linkId: form.get("linkId") });
        return roomSuccess(intent, "rooms:links.removed");
      case "file-upload": {
        const file = form.get("file");
        const given = typeof file === "object" && file !== null && file.size > 0 ? file : null;
        await rooms.uploadFile(viewer, {
          roomId,
          name: given?.name ?? "",
          contentType: given?.type ?? "",
          // The body limit of this path (server/http/body-limits.ts) already capped what was received.
          body: given ? new Uint8Array(await given.arrayBuffer()) : null,
        });
        return roomSuccess(intent, "rooms:files.uploaded");
      }
      case "file-delete":
        await rooms.deleteFile(viewer, { roomId, fileId: form.get("fileId") });
        return roomSuccess(intent, "rooms:files.deleted");
      case "link-account":
        await rooms.linkGuestAccount(viewer, { roomId });
        return roomSuccess(intent, "rooms:account.done");
    }
    const other =
      (await docsIntent(context, viewer, roomId, intent, form)) ?? (await scheduleIntent(context, viewer, roomId, intent, form));
    return other ?? unknownRoomIntent(form, intent);
  } catch (err) {
    return roomFailure(err, form, intent);
  }
}

export default function EpisodePanelPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.refused) return <RoomRefusal code={loaderData.refused.code} kind="room" signInHref={loaderData.refused.signInHref} />;
  const { header, chat, paged, links, files, docs, schedule, username } = loaderData;
  const result = actionData as RoomActionResult | undefined;
  const roomId = header.id;
  const abilities = header.abilities;
  return (
    <RoomLiveProvider roomId={roomId}>
      <div className="space-y-12">
        <div className="space-y-3">
          <RoomHeaderBlock header={header} username={username} result={result} />
          <LiveStatus />
        </div>
        <ScriptSection data={docs} abilities={abilities} roomId={roomId} />
        <ScheduleSection data={schedule} abilities={abilities} roomId={roomId} />
        <ChatSection messages={chat.messages} older={chat.older} paged={paged} abilities={abilities} result={result} />
        <LinksSection links={links} abilities={abilities} result={result} />
        <FilesSection roomId={roomId} files={files.files} purged={files.purged} abilities={abilities} result={result} />
        <NotesSection data={docs} abilities={abilities} roomId={roomId} />
      </div>
    </RoomLiveProvider>
  );
}
