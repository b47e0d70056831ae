import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { toast } from "#app/components/ui/toast";
import { useHydrated } from "#app/features/notifications/use-hydrated";
import { actionFailure } from "#app/lib/form.server";
import { requireUser } from "#app/lib/guards.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import type { Route } from "./+types/notifications-tab";

export const handle = { i18n: ["account", "notifications"] };

/** Which kinds of notification one receives, one checkbox per kind. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const actor = requireUser(context, request);
  const { t, seo } = pageTools(context, request, "notifications");
  const notes = context.services.notifications;
  const preferences = await notes.getPreferences(actor);
  return {
    seo: seo({
      title: `${t("settings.title")} · ${pageTools(context, request, "account").t("title")}`,
      description: t("settings.lead"),
      noindex: true,
    }),
    types: notes.types.map((type) => ({ type, enabled: preferences[type] })),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

/** A native form sends only the boxes that are ticked: every kind it does not send is turned off. */
export async function action({ context, request }: Route.ActionArgs) {
  const actor = requireUser(context, request);
  const formData = await request.formData();
  const notes = context.services.notifications;
  try {
    await notes.setPreferences(actor, Object.fromEntries(notes.types.map((type) => [type, formData.get(type) === "on"])));
    return { ok: true as const, message: "notifications:settings.saved" };
  } catch (err) {
    return actionFailure(err, formData);
  }
}

export default function NotificationsTab({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("notifications");
  const hydrated = useHydrated();
  // With JavaScript the confirmation is a toast; without it, a message above the form.
  useEffect(() => {
    if (actionData?.ok) toast({ title: t("settings.saved"), variant: "success" });
  }, [actionData, t]);
  return (
    <section className="card p-6" aria-labelledby="notification-settings-heading">
      <h2 id="notification-settings-heading" className="text-xl font-bold">
        {t("settings.heading")}
      </h2>
      <p className="mt-2 text-muted-foreground">{t("settings.lead")}</p>
      <Form method="post" className="mt-4 space-y-4">
        {actionData?.ok && !hydrated ? <FormAlert message={actionData.message} variant="success" /> : null}
        {actionData && !actionData.ok ? <FormAlert message={actionData.formError} values={actionData.formErrorValues} /> : null}
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-semibold">{t("settings.legend")}</legend>
          {loaderData.types.map(({ type, enabled }) => (
            <div key={type} className="flex items-center gap-3">
              <input id={`notify-${type}`} name={type} type="checkbox" defaultChecked={enabled} className="size-4 accent-primary" />
              <label htmlFor={`notify-${type}`}>{t(`settings.types.${type}`)}</label>
            </div>
          ))}
        </fieldset>
        <SubmitButton>{t("settings.submit")}</SubmitButton>
      </Form>
    </section>
  );
}
