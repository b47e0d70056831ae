import { useTranslation } from "react-i18next";
import { FormDisclosure } from "#app/components/ui/disclosure-form";
import { Field, FieldRow, SelectField } from "#app/components/ui/form-field";
import type { FormFailure } from "#app/lib/form";
import type { PodcastChoice } from "#server/modules/rooms";
import { LOCALES, type Locale } from "#shared/locales";
import { ROOM_LIMITS } from "#shared/rooms";

const DEFAULT_TIME_ZONE = "Europe/Madrid";

/**
 * Opening a room (the team): the episode's title, the guest's name, email and language, the related podcast
 * episode and the host's time zone. Closed until asked for; open again after a refused submit, with what was typed.
 */
export function CreateRoomForm({ podcasts, failure, locale }: { podcasts: PodcastChoice[]; failure?: FormFailure; locale: Locale }) {
  const { t } = useTranslation("admin-rooms");
  const v = failure?.values ?? {};
  const e = failure?.fieldErrors ?? {};
  const titleOf = (p: PodcastChoice) => {
    const title = locale === "en" ? p.titleEn : p.titleEs;
    return p.published ? title : t("create.podcastDraft", { title });
  };
  return (
    <FormDisclosure
      summary={t("create.summary")}
      formId="create"
      intent="create"
      failure={failure}
      submit={t("create.submit")}
      className="mb-8"
    >
      <h2 className="text-lg font-bold">{t("create.heading")}</h2>
      <Field
        label={t("create.title")}
        name="title"
        hint={t("create.titleHint")}
        required
        maxLength={ROOM_LIMITS.titleMax}
        defaultValue={v.title ?? ""}
        error={e.title}
      />
      <FieldRow>
        <Field
          label={t("create.guestName")}
          name="guestName"
          required
          autoComplete="off"
          maxLength={ROOM_LIMITS.guestNameMax}
          defaultValue={v.guestName ?? ""}
          error={e.guestName}
        />
        <Field
          label={t("create.guestEmail")}
          name="guestEmail"
          type="email"
          required
          autoComplete="off"
          maxLength={ROOM_LIMITS.emailMax}
          hint={t("create.guestEmailHint")}
          defaultValue={v.guestEmail ?? ""}
          error={e.guestEmail}
        />
      </FieldRow>
      <FieldRow>
        <SelectField label={t("create.guestLocale")} name="guestLocale" defaultValue={v.guestLocale ?? locale} error={e.guestLocale}>
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {t(`languages.${l}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t("create.podcast")} name="podcastId" defaultValue={v.podcastId ?? ""} error={e.podcastId}>
          <option value="">{t("create.podcastNone")}</option>
          {podcasts.map((p) => (
            <option key={p.id} value={p.id}>
              {titleOf(p)}
            </option>
          ))}
        </SelectField>
      </FieldRow>
      <Field
        label={t("create.hostTimeZone")}
        name="hostTimeZone"
        hint={t("create.hostTimeZoneHint")}
        autoComplete="off"
        spellCheck={false}
        maxLength={64}
        defaultValue={v.hostTimeZone ?? DEFAULT_TIME_ZONE}
        error={e.hostTimeZone}
      />
    </FormDisclosure>
  );
}
