import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { FileInput } from "#app/components/ui/file-input";
import { FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { RelativeTime } from "#app/components/ui/relative-time";
import { useLocalePath } from "#app/lib/use-locale";
import type { RoomAbilities, RoomFile } from "#server/modules/rooms";
import { ROOM_LIMITS } from "#shared/rooms";
import type { RoomActionResult } from "./action-result";
import { resultFor } from "./room-result";
import { useRoomRefresh } from "./use-room-refresh";

const MB = 1024 * 1024;

/** The room's files: each a download (never shown inline), the upload form, and a delete button per file. */
export function FilesSection({
  roomId,
  files,
  purged,
  abilities,
  result,
}: {
  roomId: string;
  files: RoomFile[];
  purged: boolean;
  abilities: RoomAbilities;
  result: RoomActionResult | undefined;
}) {
  const { t } = useTranslation("rooms");
  const { to, locale } = useLocalePath();
  useRoomRefresh(["file.changed"]);
  const upload = resultFor(result, ["file-upload"]);
  const remove = resultFor(result, ["file-delete"]);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (upload.success) form.current?.reset();
  }, [upload.success]);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const size = (bytes: number) =>
    bytes >= MB
      ? t("files.sizeMb", { n: number.format(bytes / MB) })
      : t("files.sizeKb", { n: number.format(Math.max(1, Math.round(bytes / 1024))) });
  return (
    <section id="files" aria-labelledby="files-title" className="space-y-4 scroll-mt-24">
      <h2 id="files-title" className="text-2xl font-bold">
        {t("sections.files")}
      </h2>
      <FormAlert message={remove.failure?.formError} values={remove.failure?.formErrorValues} />
      <FormAlert message={remove.success?.message} variant="success" />
      {purged ? (
        <p className="text-muted-foreground">{t("files.purged")}</p>
      ) : files.length === 0 ? (
        <p className="text-muted-foreground">{t("files.empty")}</p>
      ) : (
        <ul className="row-list" aria-label={t("files.list")}>
          {files.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                {abilities.download ? (
                  <a
                    href={to(`/episode-panel/${roomId}/files/${f.id}`)}
                    download={f.name}
                    className="font-semibold text-primary break-all underline-offset-4 hover:underline"
                    aria-label={t("files.download", { name: f.name })}
                  >
                    {f.name}
                  </a>
                ) : (
                  <span className="font-semibold break-all">{f.name}</span>
                )}
                <p className="text-sm text-muted-foreground">
                  {t("files.meta", { size: size(f.bytes), name: f.uploadedByName })} · <RelativeTime date={f.createdAt} locale={locale} />
                </p>
              </div>
              {abilities.deleteFile ? (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="file-delete" />
                  <input type="hidden" name="fileId" value={f.id} />
                  <button type="submit" className="btn btn-outline btn-sm" aria-label={t("files.deleteLabel", { name: f.name })}>
                    {t("files.delete")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {abilities.upload && !purged ? (
        <Form method="post" encType="multipart/form-data" ref={form} className="space-y-4" preventScrollReset>
          <input type="hidden" name="intent" value="file-upload" />
          <FormAlert
            message={upload.failure?.formError && upload.failure.formError !== "errors:input.invalid" ? upload.failure.formError : null}
            values={upload.failure?.formErrorValues}
          />
          <FormAlert message={upload.success?.message} variant="success" />
          <FileInput
            label={t("files.label")}
            name="file"
            required
            hint={t("files.hint", { size: ROOM_LIMITS.fileBytesMax / MB, max: ROOM_LIMITS.filesMax })}
            error={upload.failure?.fieldErrors.file}
          />
          <SubmitButton className="btn btn-outline" pendingLabel={t("files.uploading")} name="intent" value="file-upload">
            {t("files.upload")}
          </SubmitButton>
        </Form>
      ) : null}
    </section>
  );
}
