import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Badge, type BadgeTone } from "#app/components/ui/badge";
import { ConfirmAction } from "#app/components/ui/disclosure-form";
import { DataTable } from "#app/components/ui/table";
import { useDateFormat } from "#app/lib/use-date-format";
import { useLocalePath } from "#app/lib/use-locale";
import type { RoomListItem } from "#server/modules/rooms";
import { EPISODE_STATUSES, type EpisodeStatus } from "#shared/rooms";

const STATUS_TONE: Record<EpisodeStatus, BadgeTone> = {
  preparing: "neutral",
  ready: "info",
  recorded: "info",
  editing: "warning",
  published: "positive",
};

/** The statuses the status form moves among: publishing has its own confirmation. */
const MOVABLE = EPISODE_STATUSES.filter((s) => s !== "published");

export function StatusBadge({ status }: { status: EpisodeStatus }) {
  const { t } = useTranslation("admin-rooms");
  return <Badge tone={STATUS_TONE[status]}>{t(`status.${status}`)}</Badge>;
}

/** The latest invitation link's state, and whether the guest is in the room. */
function Invitation({ room }: { room: RoomListItem }) {
  const { t } = useTranslation("admin-rooms");
  const { dateTime } = useDateFormat();
  const token = room.token;
  return (
    <div className="space-y-1 text-sm">
      <p className={token?.state === "pending" ? "" : "text-muted-foreground"}>
        {token ? t(`token.${token.state}`, { date: dateTime(token.expiresAt) }) : t("token.none")}
      </p>
      {room.guestActive ? <Badge tone="positive">{t("list.guestActive")}</Badge> : null}
    </div>
  );
}

/** The room's title (a link to the room), its host, podcast episode and dates. */
function RoomSummary({ room, seesAll, heading }: { room: RoomListItem; seesAll: boolean; heading?: boolean }) {
  const { t } = useTranslation("admin-rooms");
  const { date } = useDateFormat();
  const { to, locale } = useLocalePath();
  const Title = heading ? "h3" : "p";
  return (
    <div className="min-w-0 space-y-1">
      <Title className="font-semibold break-words">
        <Link
          to={to(`/episode-panel/${room.id}`)}
          className="link inline-flex min-h-6 items-center"
          aria-label={t("list.openLabel", { title: room.title })}
        >
          {room.title}
        </Link>
      </Title>
      <p className="text-sm text-muted-foreground">
        {seesAll ? <>{t("list.host", { name: room.hostName })} · </> : null}
        {room.podcast ? <>{t("list.podcast", { title: locale === "en" ? room.podcast.titleEn : room.podcast.titleEs })} · </> : null}
        {t("list.created", { date: date(room.createdAt) })}
        {room.publishedAt ? <> · {t("list.publishedOn", { date: date(room.publishedAt) })}</> : null}
        {room.filesPurgedAt ? <> · {t("list.filesPurged", { date: date(room.filesPurgedAt) })}</> : null}
      </p>
    </div>
  );
}

function Guest({ room }: { room: RoomListItem }) {
  const { t } = useTranslation("admin-rooms");
  return (
    <div className="min-w-0 text-sm">
      <p className="font-medium break-words">{room.guestName}</p>
      <p className="break-all text-muted-foreground">{room.guestEmail}</p>
      <p className="text-muted-foreground">{t("list.guestLanguage", { language: t(`languages.${room.guestLocale}`) })}</p>
    </div>
  );
}

/** The status: a badge, and for a room not yet published a form to move it. */
function StatusCell({ room }: { room: RoomListItem }) {
  const { t } = useTranslation("admin-rooms");
  const id = useId();
  if (room.status === "published" || !room.can.update) return <StatusBadge status={room.status} />;
  return (
    <Form method="post" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="roomId" value={room.id} />
      <label htmlFor={id} className="sr-only">
        {t("statusForm.label", { title: room.title })}
      </label>
      <select id={id} name="status" defaultValue={room.status} className="input min-h-9 w-auto py-1 text-sm">
        {MOVABLE.map((s) => (
          <option key={s} value={s}>
            {t(`status.${s}`)}
          </option>
        ))}
      </select>
      <button type="submit" className="btn btn-outline min-h-9 px-3 py-1 text-sm">
        {t("statusForm.submit")}
      </button>
    </Form>
  );
}

/** What the host (or an Admin) does to one room, each after a confirmation. */
function RoomActions({ room }: { room: RoomListItem }) {
  const { t } = useTranslation("admin-rooms");
  const { to } = useLocalePath();
  const fields = { roomId: room.id };
  const published = room.status === "published";
  return (
    <div className="flex flex-wrap gap-2">
      <Link to={to(`/episode-panel/${room.id}`)} className="btn btn-primary min-h-9 px-3 py-1 text-sm">
        {t("list.open")}
      </Link>
      {!published && room.can.reissue ? (
        <ConfirmAction
          tone="primary"
          label={t("reissue.label")}
          question={t("reissue.question", { guest: room.guestName, email: room.guestEmail })}
          confirmLabel={t("reissue.confirm")}
          intent="reissue"
          fields={fields}
        />
      ) : null}
      {!published && room.can.revokeGuest && (room.guestActive || room.token?.state === "pending") ? (
        <ConfirmAction
          label={t("revoke.label")}
          question={t("revoke.question", { guest: room.guestName, title: room.title })}
          confirmLabel={t("revoke.confirm")}
          intent="revoke"
          fields={fields}
        />
      ) : null}
      {!published && room.can.update ? (
        <ConfirmAction
          wide
          tone="primary"
          label={t("publish.label")}
          question={t("publish.question", { title: room.title })}
          confirmLabel={t("publish.confirm")}
          intent="publish"
          fields={fields}
        >
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold">
              {t("publish.filesLegend")} ({t("list.files", { count: room.files })})
            </legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="files" value="keep" defaultChecked className="size-5" />
              {t("publish.keep")}
            </label>
            {room.can.purgeFiles ? (
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="files" value="purge" className="size-5" />
                {t("publish.purge")}
              </label>
            ) : null}
          </fieldset>
        </ConfirmAction>
      ) : null}
      {published && !room.filesPurgedAt && room.can.purgeFiles ? (
        <ConfirmAction
          label={t("purge.label")}
          question={t("purge.question", { title: room.title })}
          confirmLabel={t("purge.confirm")}
          intent="purge-files"
          fields={fields}
        />
      ) : null}
    </div>
  );
}

/**
 * The rooms: cards on a phone (each room stands on its own, with its actions under it), a table from md. Both
 * are rendered; CSS shows one.
 */
export function RoomsList({ rooms, seesAll }: { rooms: RoomListItem[]; seesAll: boolean }) {
  const { t } = useTranslation("admin-rooms");
  return (
    <>
      <ul className="space-y-4 md:hidden" aria-label={t("list.caption")}>
        {rooms.map((room) => (
          <li key={room.id} className="card space-y-3 p-4">
            <RoomSummary room={room} seesAll={seesAll} heading />
            <Guest room={room} />
            <StatusCell room={room} />
            <Invitation room={room} />
            <RoomActions room={room} />
          </li>
        ))}
      </ul>
      <DataTable caption={t("list.caption")} captionHidden className="hidden md:grid">
        <thead>
          <tr>
            <th scope="col">{t("list.columns.room")}</th>
            <th scope="col">{t("list.columns.guest")}</th>
            <th scope="col">{t("list.columns.status")}</th>
            <th scope="col">{t("list.columns.invitation")}</th>
            <th scope="col">{t("list.columns.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {rooms.map((room) => (
            <tr key={room.id}>
              <td className="max-w-xs align-top">
                <RoomSummary room={room} seesAll={seesAll} />
              </td>
              <td className="max-w-56 align-top">
                <Guest room={room} />
              </td>
              <td className="align-top">
                <StatusCell room={room} />
              </td>
              <td className="align-top">
                <Invitation room={room} />
              </td>
              <td className="align-top">
                <RoomActions room={room} />
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </>
  );
}
