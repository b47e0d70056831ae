import { isDomainErrorLike } from "#app/lib/form.server";
import { serverT } from "#app/i18n/server";
import { roomViewer } from "#app/features/rooms/viewer.server";
import type { Route } from "./+types/file";

/** Types a browser could run or render as a page: always answered as plain bytes. */
const ACTIVE = /html|xml|javascript|ecmascript|svg|x-shockwave|pdf/i;

/** A name for Content-Disposition: ASCII for old clients, the real name (UTF-8, RFC 5987) for the others. */
function disposition(name: string): string {
  const ascii = name.replace(/[^A-Za-z0-9._ ()-]/g, "_").replace(/^\.+/, "_") || "file";
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/**
 * /episode-panel/{roomId}/files/{fileId}: one of the room's files, as a download, for the room's host, guest and
 * Admins (the operation checks it; the file lives under a private key /media never serves). Never cached, never
 * sniffed, never shown inline. A refusal is the room's message as plain text, with its status.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const viewer = roomViewer(context, request, params.roomId);
  try {
    const file = await context.services.rooms.downloadFile(viewer, { roomId: params.roomId, fileId: params.fileId });
    return new Response(Buffer.from(file.body), {
      headers: {
        "content-type": ACTIVE.test(file.contentType) ? "application/octet-stream" : file.contentType,
        "content-disposition": disposition(file.name),
        "content-length": String(file.bytes),
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'; sandbox",
      },
    });
  } catch (err) {
    if (!isDomainErrorLike(err)) throw err;
    return new Response(serverT(context.locale, "errors")(err.code), {
      status: err.status,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store", "x-content-type-options": "nosniff" },
    });
  }
}
