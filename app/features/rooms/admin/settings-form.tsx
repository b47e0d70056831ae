import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Field, FieldRow, SubmitButton } from "#app/components/ui/form-field";
import type { FormFailure } from "#app/lib/form";

/** The `episode_rooms` setting (Admins): how long an invitation link works, how fast one may chat. */
export function RoomSettingsForm({ settings, failure }: { settings: { tokenDays: number; chatPerMinute: number }; failure?: FormFailure }) {
  const { t } = useTranslation("admin-rooms");
  const v = failure?.values ?? {};
  const e = failure?.fieldErrors ?? {};
  return (
    <section aria-labelledby="room-settings-heading" className="mt-12 max-w-2xl">
      <h2 id="room-settings-heading" className="text-2xl font-bold">
        {t("settings.heading")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("settings.lead")}</p>
      <Form method="post" className="card mt-4 space-y-4 p-4">
        <input type="hidden" name="intent" value="settings" />
        <FieldRow>
          <Field
            label={t("settings.tokenDays")}
            name="tokenDays"
            type="number"
            inputMode="numeric"
            min={1}
            max={90}
            required
            hint={t("settings.tokenDaysHint")}
            defaultValue={v.tokenDays ?? String(settings.tokenDays)}
            error={e.tokenDays}
          />
          <Field
            label={t("settings.chatPerMinute")}
            name="chatPerMinute"
            type="number"
            inputMode="numeric"
            min={1}
            max={120}
            required
            hint={t("settings.chatPerMinuteHint")}
            defaultValue={v.chatPerMinute ?? String(settings.chatPerMinute)}
            error={e.chatPerMinute}
          />
        </FieldRow>
        <SubmitButton>{t("settings.submit")}</SubmitButton>
      </Form>
    </section>
  );
}
