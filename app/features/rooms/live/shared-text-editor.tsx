import { useId } from "react";
import { useTranslation } from "react-i18next";
import { ROOM_LIMITS, type RoomDoc } from "#shared/rooms";
import { useRoomLive } from "./room-live";
import { useSharedText } from "./use-shared-text";

/**
 * A live document in a <textarea>. Before the page's script runs (and until the document has come from the
 * server) it shows the saved text, read-only; then everyone in the room edits the same text.
 */
export function SharedTextEditor({
  doc,
  label,
  initialText,
  editable,
  rows = 16,
}: {
  doc: RoomDoc;
  label: string;
  initialText: string;
  /** The page's abilities allow editing (the socket may still say no: a published room). */
  editable: boolean;
  rows?: number;
}) {
  const { t } = useTranslation("rooms-docs");
  const id = `${useId()}-${doc}`;
  const live = useRoomLive();
  const shared = useSharedText(doc);
  const canEdit = editable && live.edit !== false && !live.ended;
  const hint = !editable
    ? t("editor.readOnly")
    : !shared.synced
      ? t("editor.loading")
      : live.status === "live"
        ? t("editor.live")
        : t("editor.offline");
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {hint}
      </p>
      {shared.error ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {t(shared.error)}
        </p>
      ) : null}
      <textarea
        ref={shared.ref}
        id={id}
        rows={rows}
        className="input min-h-48 w-full font-mono text-sm leading-6"
        defaultValue={initialText}
        readOnly={!canEdit || !shared.synced}
        maxLength={ROOM_LIMITS.docMax}
        aria-describedby={`${id}-hint`}
        spellCheck
      />
    </div>
  );
}
