import { useCallback, useEffect, useRef, useState } from "react";
import * as Y from "yjs";
import type { RoomDoc } from "#shared/rooms";
import { textChange } from "#shared/text-change";
import { useRoomLive, type RoomEvent } from "./room-live";

/** The shared text of a document (the server reads the same name). */
const TEXT_NAME = "body";
/** What came from the server: not sent back. */
const REMOTE = "remote";
/** Edits made within this time go as one update. */
const SEND_EVERY_MS = 60;

const toBase64 = (bytes: Uint8Array) => {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/**
 * Where a position moves when a change (a Yjs delta) lands before it: text inserted before it pushes it on,
 * text deleted before it pulls it back. Text inserted exactly at the caret stays after it (the caret keeps its
 * place before what someone else typed).
 */
export function movePosition(position: number, delta: { insert?: unknown; retain?: number; delete?: number }[]): number {
  let index = 0;
  let pos = position;
  for (const op of delta) {
    if (op.retain) index += op.retain;
    else if (op.insert !== undefined) {
      const length = typeof op.insert === "string" ? op.insert.length : 1;
      if (index < pos) pos += length;
      index += length;
    } else if (op.delete) {
      if (index < pos) pos -= Math.min(op.delete, pos - index);
    }
    if (index > pos) break;
  }
  return pos;
}

export type SharedText = {
  /** Give it to the <textarea>. */
  ref: (element: HTMLTextAreaElement | null) => void;
  /** The document came from the server at least once: the textarea shows it and may be edited. */
  synced: boolean;
  /** The error key of the last refused edit (the document was read again from the server). */
  error: string | null;
};

/**
 * Binds a live document's text to a <textarea>: each local input becomes the smallest Yjs change (common
 * start and end kept) and is sent on the room socket; each remote update is applied and the caret and
 * selection move with the text around them. After every (re)connection the document syncs by state vectors,
 * both ways, so what was typed offline reaches the server and what others typed meanwhile arrives.
 */
export function useSharedText(doc: RoomDoc): SharedText {
  const live = useRoomLive();
  const [ydoc, setYdoc] = useState(() => new Y.Doc());
  const [synced, setSynced] = useState(false);
  const syncedRef = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const sendRef = useRef(live.send);
  sendRef.current = live.send;

  // Local edits go to the server, a few at a time.
  useEffect(() => {
    let queue: Uint8Array[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const update = queue.length === 1 ? queue[0] : Y.mergeUpdates(queue);
      queue = [];
      // Not connected: the next sync sends it (the server's state vector shows it lacks it).
      sendRef.current({ type: "doc.update", doc, update: toBase64(update) });
    };
    const onUpdate = (update: Uint8Array, origin: unknown) => {
      if (origin === REMOTE) return;
      queue.push(update);
      timer ??= setTimeout(flush, SEND_EVERY_MS);
    };
    ydoc.on("update", onUpdate);
    return () => {
      ydoc.off("update", onUpdate);
      if (timer) {
        clearTimeout(timer);
        flush();
      }
    };
  }, [ydoc, doc]);

  // Remote changes reach the textarea, keeping the caret where it was in the text.
  useEffect(() => {
    const ytext = ydoc.getText(TEXT_NAME);
    const observer = (event: Y.YTextEvent, transaction: Y.Transaction) => {
      const ta = textarea.current;
      if (!ta || transaction.origin !== REMOTE) return;
      const focused = document.activeElement === ta;
      const { selectionStart, selectionEnd, selectionDirection } = ta;
      const delta = event.delta as { insert?: unknown; retain?: number; delete?: number }[];
      ta.value = ytext.toString();
      if (focused)
        ta.setSelectionRange(movePosition(selectionStart, delta), movePosition(selectionEnd, delta), selectionDirection ?? undefined);
    };
    ytext.observe(observer);
    return () => ytext.unobserve(observer);
  }, [ydoc]);

  // The socket's side: sync on every connection, apply what others send.
  useEffect(() => {
    const sync = () => live.send({ type: "doc.sync", doc, stateVector: toBase64(Y.encodeStateVector(ydoc)) });
    const mine = (e: RoomEvent) => e.doc === doc;
    const stops = [
      live.on("ready", sync),
      live.on("resync", sync),
      live.on("doc.changed", (e) => mine(e) && sync()),
      live.on("doc.update", (e) => {
        if (mine(e) && typeof e.update === "string") Y.applyUpdate(ydoc, fromBase64(e.update), REMOTE);
      }),
      live.on("doc.state", (e) => {
        if (!mine(e) || typeof e.update !== "string" || typeof e.stateVector !== "string") return;
        const first = !syncedRef.current;
        Y.applyUpdate(ydoc, fromBase64(e.update), REMOTE);
        // What the server lacks: edits typed while offline (it ignores what it already has).
        const missing = Y.encodeStateAsUpdate(ydoc, fromBase64(e.stateVector));
        if (missing.length > 2) live.send({ type: "doc.update", doc, update: toBase64(missing) });
        if (first && textarea.current) textarea.current.value = ydoc.getText(TEXT_NAME).toString();
        syncedRef.current = true;
        setSynced(true);
      }),
      live.on("doc.rejected", (e) => {
        if (!mine(e)) return;
        setError(`errors:${String(e.code)}`);
        // This copy holds an edit the server refused: start again from the server's.
        syncedRef.current = false;
        setSynced(false);
        setYdoc(new Y.Doc());
      }),
    ];
    // A new copy (after a refusal) syncs at once if the socket is already open.
    if (live.status === "live") sync();
    return () => stops.forEach((stop) => stop());
    // Registered once per copy of the document; `live.status` is only read for that first sync.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ydoc, doc, live.on, live.send]);

  const onInput = useCallback(() => {
    const ta = textarea.current;
    if (!ta) return;
    const ytext = ydoc.getText(TEXT_NAME);
    const change = textChange(ytext.toString(), ta.value);
    if (!change) return;
    setError(null);
    ydoc.transact(() => {
      if (change.removed) ytext.delete(change.at, change.removed);
      if (change.inserted) ytext.insert(change.at, change.inserted);
    });
  }, [ydoc]);

  const ref = useCallback(
    (element: HTMLTextAreaElement | null) => {
      textarea.current?.removeEventListener("input", onInput);
      textarea.current = element;
      element?.addEventListener("input", onInput);
    },
    [onInput],
  );

  return { ref, synced, error };
}
