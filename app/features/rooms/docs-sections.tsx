import type { DocsData } from "./docs.server";
import type { RoomAbilities } from "#server/modules/rooms";

/** The script with its versions, and the shared notes (placeholder). */
export function ScriptSection(_props: { data: DocsData; abilities: RoomAbilities; roomId: string }) {
  return null;
}
export function NotesSection(_props: { data: DocsData; abilities: RoomAbilities; roomId: string }) {
  return null;
}
