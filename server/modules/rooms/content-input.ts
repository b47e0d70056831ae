import { z } from "zod";
import { ROOM_LIMITS } from "#shared/rooms";

/**
 * Field rules of the room's chat, links and files; each message is an `errors:rooms.*` key shown beside its
 * field (the page passes ROOM_LIMITS as the message's values).
 */
// eslint-disable-next-line no-control-regex -- the characters refused in a one-line field
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- multi-line text keeps tabs and line breaks
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** A chat message: line breaks as a browser sends them (CRLF) become plain ones, then the rules. */
export const chatInput = z.object({
  body: z
    .string("errors:rooms.chat_required")
    .transform((v) => v.replace(/\r\n?/g, "\n").trim())
    .pipe(
      z
        .string()
        .min(1, "errors:rooms.chat_required")
        .max(ROOM_LIMITS.chatMax, "errors:rooms.chat_too_long")
        .refine((v) => !CONTROL_MULTILINE.test(v), "errors:rooms.chat_control"),
    ),
});

export const linkInput = z.object({
  title: z
    .string("errors:rooms.link_title_required")
    .trim()
    .min(1, "errors:rooms.link_title_required")
    .max(ROOM_LIMITS.linkTitleMax, "errors:rooms.link_title_too_long")
    .refine((v) => !CONTROL.test(v), "errors:rooms.link_title_required"),
  url: z
    .string("errors:rooms.link_url_invalid")
    .trim()
    .min(1, "errors:rooms.link_url_invalid")
    .max(ROOM_LIMITS.urlMax, "errors:rooms.link_url_too_long")
    .refine(isWebUrl, "errors:rooms.link_url_invalid"),
});

/** An address a browser opens as a web page: http or https, with a host, and nothing a page could misread. */
function isWebUrl(value: string): boolean {
  if (CONTROL.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && !!url.hostname && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Whether an id from a form can be one of ours (a UUID); anything else is "not found" at once. */
export const isUuid = (v: unknown): v is string =>
  typeof v === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

// eslint-disable-next-line no-control-regex -- control characters, and the marks that reverse how text is shown
const UNSAFE_NAME = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A file's name as shown and offered on download: no folders (only what follows the last slash or backslash),
 * no control characters or direction marks, spaces collapsed, at most ROOM_LIMITS.fileNameMax characters (the
 * extension kept when the name is cut). Null when nothing is left.
 */
export function safeFileName(raw: string): string | null {
  const base = raw.split(/[/\\]/).pop() ?? "";
  let name = base.replace(UNSAFE_NAME, "").replace(/\s+/g, " ").trim();
  name = name.replace(/^\.+/, "").trim();
  if (!name) return null;
  const chars = [...name];
  if (chars.length <= ROOM_LIMITS.fileNameMax) return name;
  const dot = name.lastIndexOf(".");
  const ext = dot > 0 && name.length - dot <= 16 ? [...name.slice(dot)] : [];
  return (
    chars
      .slice(0, ROOM_LIMITS.fileNameMax - ext.length)
      .join("")
      .trimEnd() + ext.join("")
  );
}

/** The type a file was sent with, when it reads as one (`type/subtype`); else a plain download. */
export function safeContentType(raw: unknown): string {
  const type = typeof raw === "string" ? raw.trim().toLowerCase().split(";")[0]!.trim() : "";
  return /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/.test(type) ? type : "application/octet-stream";
}
