import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { EditDialog } from "#app/components/ui/edit-dialog";
import { ConfirmAction } from "#app/components/ui/disclosure-form";
import { FileInput } from "#app/components/ui/file-input";
import { Field, FieldRow, SelectField, SubmitButton } from "#app/components/ui/form-field";
import { ActionResult } from "#app/features/admin/shell";
import type { FormFailure } from "#app/lib/form";
import { ANNOUNCEMENT_LIMITS as L, ANNOUNCEMENT_TIME_ZONES, SITE_TIME_ZONE, utcToZoned } from "#shared/announcements";
import type { AnnouncementView } from "#server/modules/site/announcement-view";

/** The form's text fields, as posted (the banner is the file field `image`). */
export const ANNOUNCEMENT_FIELDS = ["titleEs", "titleEn", "startsLocal", "timeZone", "videoUrl"] as const;
type Values = Partial<Record<(typeof ANNOUNCEMENT_FIELDS)[number], string>>;

/** The stored announcement as the form shows it: its time in the zone it was entered in. */
const valuesOf = (a: AnnouncementView): Values => ({
  titleEs: a.titles.es,
  titleEn: a.titles.en,
  startsLocal: utcToZoned(a.startsAt, a.timeZone),
  timeZone: a.timeZone,
  videoUrl: a.videoUrl,
});

/**
 * The dialog that adds an announcement or edits one (with its delete, behind a confirmation). A multipart
 * form that works before JavaScript; after a refused submit it keeps what was typed (a file cannot be kept:
 * the hint says to choose it again).
 */
export function AnnouncementDialog({
  announcement: a,
  failure,
  closeHref,
  canDelete,
}: {
  announcement: (AnnouncementView & { title: string }) | null;
  failure: FormFailure | undefined;
  closeHref: string;
  canDelete: boolean;
}) {
  const { t } = useTranslation("admin");
  const deleteFailure = failure?.values.intent === "delete-announcement" ? failure : undefined;
  const formFailure = deleteFailure ? undefined : failure;
  const values: Values = formFailure ? formFailure.values : a ? valuesOf(a) : { timeZone: SITE_TIME_ZONE };
  const err = (k: string) => formFailure?.fieldErrors[k];
  return (
    <EditDialog title={a ? t("announcements.editTitle", { title: a.title }) : t("announcements.addTitle")} closeHref={closeHref}>
      <Form method="post" encType="multipart/form-data" className="space-y-4" preventScrollReset>
        <input type="hidden" name="intent" value={a ? "update-announcement" : "create-announcement"} />
        <input type="hidden" name="formId" value={a ? `announcement-${a.id}` : "announcement-new"} />
        {a ? <input type="hidden" name="id" value={a.id} /> : null}
        {formFailure ? <ActionResult result={formFailure} /> : null}
        <FieldRow>
          <Field
            label={t("announcements.fields.titleEs")}
            name="titleEs"
            required
            maxLength={L.titleMax}
            defaultValue={values.titleEs}
            error={err("titleEs")}
            lang="es"
          />
          <Field
            label={t("announcements.fields.titleEn")}
            name="titleEn"
            required
            maxLength={L.titleMax}
            defaultValue={values.titleEn}
            error={err("titleEn")}
            lang="en"
          />
        </FieldRow>
        <FieldRow>
          <Field
            label={t("announcements.fields.startsLocal")}
            name="startsLocal"
            type="datetime-local"
            required
            defaultValue={values.startsLocal}
            error={err("startsLocal")}
            hint={t("announcements.fields.startsLocalHint")}
          />
          <SelectField
            label={t("announcements.fields.timeZone")}
            name="timeZone"
            defaultValue={values.timeZone ?? SITE_TIME_ZONE}
            error={err("timeZone")}
            hint={t("announcements.fields.timeZoneHint")}
          >
            {ANNOUNCEMENT_TIME_ZONES.map((z) => (
              <option key={z} value={z}>
                {z.replaceAll("_", " ")}
              </option>
            ))}
          </SelectField>
        </FieldRow>
        <Field
          label={t("announcements.fields.videoUrl")}
          name="videoUrl"
          type="url"
          required
          maxLength={L.urlMax}
          defaultValue={values.videoUrl}
          error={err("videoUrl")}
          hint={t("announcements.fields.videoUrlHint")}
          placeholder="https://www.youtube.com/@…"
        />
        <FileInput
          label={t("announcements.fields.image")}
          name="image"
          accept="image/png,image/jpeg,image/webp"
          required={!a}
          error={err("image")}
          errorValues={formFailure?.formErrorValues}
          hint={
            <>
              {t(a ? "announcements.fields.imageKeepHint" : "announcements.fields.imageHint", { mb: L.imageMaxBytes / 1024 / 1024 })}
              {formFailure ? ` ${t("announcements.fields.imageAgain")}` : ""}
            </>
          }
        />
        {a ? <img src={a.imageUrl} alt="" width={320} height={180} className="aspect-video w-40 rounded-control object-cover" /> : null}
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton pendingLabel={t("settings.saving")}>{a ? t("announcements.save") : t("announcements.create")}</SubmitButton>
          <Link to={closeHref} preventScrollReset className="btn btn-ghost">
            {t("announcements.cancel")}
          </Link>
        </div>
      </Form>
      {a && canDelete ? (
        <div className="mt-6 border-t border-border pt-4">
          <ConfirmAction
            wide
            label={t("announcements.delete")}
            question={t("announcements.confirmDelete", { title: a.title })}
            confirmLabel={t("announcements.confirmDeleteButton")}
            intent="delete-announcement"
            fields={{ id: a.id, title: a.title }}
            open={!!deleteFailure}
          />
        </div>
      ) : null}
    </EditDialog>
  );
}
