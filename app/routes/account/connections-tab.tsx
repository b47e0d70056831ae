import { Icon } from "#app/components/ui/icon";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";
import { FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { resultFor, success } from "#app/features/account/results";
import { formatDate } from "#app/i18n/format";
import { actionFailure } from "#app/lib/form.server";
import { requireUser } from "#app/lib/guards.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/connections-tab";

export const handle = { i18n: ["account"] };

export async function loader({ context, request }: Route.LoaderArgs) {
  const actor = requireUser(context, request);
  const { t, seo } = pageTools(context, request, "account");
  const url = new URL(request.url);
  const methods = await context.services.accounts.listSignInMethods(actor, { headers: request.headers });
  return {
    seo: seo({ title: `${t("connections.title")} · ${t("title")}`, description: t("description"), noindex: true }),
    methods,
    // better-auth comes back here after linking: ?linked=1, or ?linkError=1&error=… when it failed.
    notice:
      url.searchParams.has("linkError") || url.searchParams.has("error") ? "failed" : url.searchParams.has("linked") ? "linked" : null,
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requireUser(context, request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const accounts = context.services.accounts;
  const req = { headers: request.headers };
  try {
    if (intent === "link") {
      const { url, headers } = await accounts.linkSignInMethod(actor, { provider: String(formData.get("provider") ?? "") }, req);
      const forward = new Headers();
      for (const c of headers.getSetCookie()) forward.append("Set-Cookie", c);
      return redirect(url, { headers: forward });
    }
    if (intent === "unlink") {
      const { providerId } = await accounts.unlinkSignInMethod(actor, { accountId: String(formData.get("accountId") ?? "") }, req);
      return data(success(intent, "account:connections.unlinked", { provider: providerId }));
    }
  } catch (err) {
    return actionFailure(err, formData);
  }
  throw new Response("Bad Request", { status: 400 });
}

export default function ConnectionsTab({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { locale, to } = useLocalePath();
  const { methods, notice } = loaderData;
  const unlink = resultFor(actionData, "unlink");
  const link = resultFor(actionData, "link");
  const providerName = (p: string) => t(`connections.providers.${p}`, { defaultValue: p });
  const linkable = methods.available.filter((p) => !methods.linked.some((l) => l.providerId === p));
  return (
    <div className="space-y-8">
      <p className="text-muted-foreground">{t("connections.lead")}</p>
      <FormAlert message={notice === "linked" ? "account:connections.linked" : null} variant="success" />
      <FormAlert message={notice === "failed" ? "account:connections.linkFailed" : null} />

      <section className="card p-6" aria-labelledby="password-heading">
        <h2 id="password-heading" className="flex items-center gap-2 text-xl font-bold">
          <Icon name="key-round" size={20} />
          {t("connections.password")}
        </h2>
        <p className="mt-3">{methods.hasPassword ? t("connections.passwordSet") : t("connections.passwordNotSet")}</p>
        {methods.hasPassword ? null : (
          <p className="mt-3">
            <Link to={to("/auth/forgot-password")} className="link">
              {t("connections.setPassword")}
            </Link>
          </p>
        )}
      </section>

      <section className="card p-6" aria-labelledby="linked-heading">
        <h2 id="linked-heading" className="flex items-center gap-2 text-xl font-bold">
          <Icon name="link-2" size={20} />
          {t("connections.linkedHeading")}
        </h2>
        <div className="mt-3 space-y-3">
          <FormAlert
            message={unlink.success?.message}
            values={{ provider: providerName(unlink.success?.messageValues?.provider ?? "") }}
            variant="success"
          />
          <FormAlert message={unlink.failure?.formError} values={unlink.failure?.formErrorValues} />
          {methods.linked.length === 0 ? (
            <p className="text-muted-foreground">{t("connections.none")}</p>
          ) : (
            <ul className="divide-y divide-border">
              {methods.linked.map((a) => (
                <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div>
                    <p className="font-semibold">{providerName(a.providerId)}</p>
                    <p className="text-sm text-muted-foreground">{t("connections.linkedOn", { date: formatDate(a.createdAt, locale) })}</p>
                  </div>
                  <Form method="post">
                    <input type="hidden" name="accountId" value={a.id} />
                    <SubmitButton name="intent" value="unlink" className="btn btn-outline">
                      {t("connections.unlink", { provider: providerName(a.providerId) })}
                    </SubmitButton>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <section className="card p-6" aria-labelledby="available-heading">
        <h2 id="available-heading" className="text-xl font-bold">
          {t("connections.availableHeading")}
        </h2>
        <div className="mt-3 space-y-3">
          <FormAlert message={link.failure?.formError} values={link.failure?.formErrorValues} />
          {linkable.length === 0 ? (
            <p className="text-muted-foreground">{t("connections.noProviders")}</p>
          ) : (
            <ul className="flex flex-wrap gap-3">
              {linkable.map((p) => (
                <li key={p}>
                  <Form method="post" reloadDocument>
                    <input type="hidden" name="provider" value={p} />
                    <SubmitButton name="intent" value="link" className="btn btn-outline">
                      {t("connections.link", { provider: providerName(p) })}
                    </SubmitButton>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </div>
  );
}
