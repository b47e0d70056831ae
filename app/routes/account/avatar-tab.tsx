import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { RelativeTime } from "#app/components/ui/relative-time";
import { Spinner } from "#app/components/ui/spinner";
import { toast } from "#app/components/ui/toast";
import { AvatarPicture } from "#app/features/avatar/avatar-picture";
import { useLiveRender } from "#app/features/avatar/use-live-render";
import { useHydrated } from "#app/features/notifications/use-hydrated";
import { actionFailure } from "#app/lib/form.server";
import { requireUser } from "#app/lib/guards.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/avatar-tab";

export const handle = { i18n: ["account", "avatar"] };

/** SPEC §2 /account avatar: one's rendered character, the state of its latest render, and the picture choice. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const actor = requireUser(context, request);
  const { t, seo } = pageTools(context, request, "avatar");
  const status = await context.services.character.avatarStatus(actor);
  return {
    seo: seo({
      title: `${t("title")} · ${pageTools(context, request, "account").t("title")}`,
      description: t("description"),
      noindex: true,
    }),
    status,
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

/** Two forms: "render again" (`intent=render`) and the picture choice (`intent=choose`). */
export async function action({ context, request }: Route.ActionArgs) {
  const actor = requireUser(context, request);
  const form = await request.formData();
  const character = context.services.character;
  try {
    if (form.get("intent") === "render") {
      await character.requestRender(actor);
      return { ok: true as const, intent: "render", message: "avatar:render.queued" };
    }
    await character.chooseAvatar(actor, { choice: form.get("choice") });
    return { ok: true as const, intent: "choose", message: "avatar:choice.saved" };
  } catch (err) {
    return actionFailure(err, form);
  }
}

export default function AvatarTab({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("avatar");
  const { locale } = useLocalePath();
  const hydrated = useHydrated();
  const { status } = loaderData;
  const { current, latest } = status;
  const waiting = latest && latest.id !== current?.id ? latest.status : null;
  // Always listening while the page is open: a render asked for here may finish before the page hears it is pending.
  const news = useLiveRender(true);
  useEffect(() => {
    if (actionData?.ok && actionData.intent === "choose") toast({ title: t("choice.saved"), variant: "success" });
  }, [actionData, t]);
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const failedIntent = failure?.values.intent === "render" ? "render" : failure ? "choose" : null;
  return (
    <div className="space-y-6">
      <p className="text-muted-foreground">{t("lead")}</p>
      <section className="card p-6" aria-labelledby="avatar-current-heading">
        <h2 id="avatar-current-heading" className="text-xl font-bold">
          {t("current.heading")}
        </h2>
        <div className="mt-4 flex flex-wrap items-start gap-6">
          {current?.pngUrl ? (
            <AvatarPicture webpUrl={current.webpUrl} pngUrl={current.pngUrl} alt={t("current.alt")} size={256} />
          ) : (
            <p className="max-w-sm text-muted-foreground">{t("current.none")}</p>
          )}
          <div className="min-w-48 flex-1 space-y-3">
            {current?.finishedAt ? (
              <p className="text-sm text-muted-foreground">
                {t("current.renderedAt")} <RelativeTime date={current.finishedAt} locale={locale} />
              </p>
            ) : null}
            <div role="status" aria-live="polite" className="space-y-2">
              {waiting === "pending" ? (
                <p className="flex items-center gap-2 font-medium">
                  <Spinner size={16} />
                  {t("state.pending")}
                </p>
              ) : null}
              {waiting === "failed" ? <FormAlert message="avatar:state.failed" /> : null}
              {waiting === "cancelled" ? <p>{t("state.cancelled")}</p> : null}
              {!waiting && news === "rendered" ? <p className="font-medium">{t("state.arrived")}</p> : null}
              {!waiting && news === "failed" ? <p className="font-medium">{t("state.failedLive")}</p> : null}
            </div>
            <Form method="post" className="space-y-2">
              <input type="hidden" name="intent" value="render" />
              <h3 className="font-semibold">{t("render.heading")}</h3>
              <p className="text-sm text-muted-foreground">{t("render.help", { count: status.rendersPerMinute })}</p>
              {failedIntent === "render" ? <FormAlert message={failure!.formError} values={failure!.formErrorValues} /> : null}
              {actionData?.ok && actionData.intent === "render" && !hydrated ? (
                <FormAlert message={actionData.message} variant="info" />
              ) : null}
              <SubmitButton pendingLabel={t("render.pending")}>{t("render.submit")}</SubmitButton>
            </Form>
          </div>
        </div>
      </section>

      <section className="card p-6" aria-labelledby="avatar-choice-heading">
        <h2 id="avatar-choice-heading" className="text-xl font-bold">
          {t("choice.heading")}
        </h2>
        <Form method="post" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="choose" />
          {actionData?.ok && actionData.intent === "choose" && !hydrated ? (
            <FormAlert message={actionData.message} variant="success" />
          ) : null}
          {failedIntent === "choose" ? <FormAlert message={failure!.formError} values={failure!.formErrorValues} /> : null}
          <fieldset className="space-y-3">
            <legend className="mb-2 text-sm font-semibold">{t("choice.legend")}</legend>
            <label className="card flex cursor-pointer gap-3 p-3 has-[:checked]:border-primary has-[:checked]:ring-2 has-[:checked]:ring-ring">
              <input
                type="radio"
                name="choice"
                value="upload"
                defaultChecked={status.choice === "upload"}
                className="mt-1 accent-[var(--primary)]"
              />
              <span>
                <span className="block font-semibold">{status.uploadedAvatarUrl ? t("choice.upload") : t("choice.uploadNone")}</span>
                <span className="block text-sm text-muted-foreground">{t("choice.uploadHelp")}</span>
                {status.uploadedAvatarUrl ? (
                  <img
                    src={status.uploadedAvatarUrl}
                    alt={t("choice.uploadedAlt")}
                    width={64}
                    height={64}
                    className="mt-2 rounded-full border border-border"
                  />
                ) : null}
              </span>
            </label>
            <label className="card flex cursor-pointer gap-3 p-3 has-[:checked]:border-primary has-[:checked]:ring-2 has-[:checked]:ring-ring">
              <input
                type="radio"
                name="choice"
                value="rendered"
                defaultChecked={status.choice === "rendered"}
                className="mt-1 accent-[var(--primary)]"
              />
              <span>
                <span className="block font-semibold">{t("choice.rendered")}</span>
                <span className="block text-sm text-muted-foreground">{t("choice.renderedHelp")}</span>
              </span>
            </label>
          </fieldset>
          <SubmitButton>{t("choice.submit")}</SubmitButton>
        </Form>
      </section>
    </div>
  );
}
