import { Icon } from "#app/components/ui/icon";
import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import { Field, FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { resultFor, success } from "#app/features/account/results";
import { describeUserAgent } from "#app/features/account/user-agent";
import { formatDate } from "#app/i18n/format";
import { actionFailure } from "#app/lib/form.server";
import { requireUser } from "#app/lib/guards.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/security-tab";

export const handle = { i18n: ["account"] };

export async function loader({ context, request }: Route.LoaderArgs) {
  const actor = requireUser(context, request);
  const { t, seo } = pageTools(context, request, "account");
  const accounts = context.services.accounts;
  const settings = await accounts.getAccountSettings(actor);
  return {
    seo: seo({ title: `${t("security.title")} · ${t("title")}`, description: t("description"), noindex: true }),
    email: settings.email,
    hasPassword: settings.hasPassword,
    sessions: await accounts.listSessions(actor),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

/** Passes better-auth's cookies (a new session after a password change, an expired one…) on to the browser. */
function cookiesOf(headers: Headers): Headers {
  const out = new Headers();
  for (const c of headers.getSetCookie()) out.append("Set-Cookie", c);
  return out;
}

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requireUser(context, request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const accounts = context.services.accounts;
  const req = { headers: request.headers };
  const field = (name: string) => String(formData.get(name) ?? "");
  try {
    switch (intent) {
      case "email": {
        const newEmail = field("newEmail").trim();
        const { headers, immediate } = await accounts.changeEmail(actor, { newEmail }, req);
        return data(success(intent, immediate ? "account:security.email.changed" : "account:security.email.sent", { email: newEmail }), {
          headers: cookiesOf(headers),
        });
      }
      case "password": {
        const { headers } = await accounts.changePassword(
          actor,
          { currentPassword: field("currentPassword"), newPassword: field("newPassword"), confirmPassword: field("confirmPassword") },
          req,
        );
        return data(success(intent, "account:security.password.changed"), { headers: cookiesOf(headers) });
      }
      case "revoke": {
        const { headers, current } = await accounts.revokeSession(actor, { sessionId: field("sessionId") }, req);
        // Signing out this very device: better-auth expired its cookies; the login page comes next.
        if (current) throw redirect(`${context.localePrefix}/login`, { headers: cookiesOf(headers) });
        return data(success(intent, "account:security.sessions.revoked"), { headers: cookiesOf(headers) });
      }
      case "revoke-others":
        await accounts.revokeOtherSessions(actor, req);
        return success(intent, "account:security.sessions.othersRevoked");
      default:
        throw new Response("Bad Request", { status: 400 });
    }
  } catch (err) {
    if (err instanceof Response) throw err;
    return actionFailure(err, formData, {
      "auth.password_mismatch": "confirmPassword",
      "auth.password_too_short": "newPassword",
      "auth.password_common": "newPassword",
      "accounts.password_wrong": "currentPassword",
      "accounts.email_same": "newEmail",
      "auth.email_taken": "newEmail",
    });
  }
}

export default function SecurityTab({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const email = resultFor(actionData, "email");
  const password = resultFor(actionData, "password");
  return (
    <div className="space-y-8">
      <section className="card p-6" aria-labelledby="email-heading">
        <h2 id="email-heading" className="text-xl font-bold">
          {t("security.email.heading")}
        </h2>
        <p className="mt-2 text-muted-foreground">{t("security.email.current", { email: loaderData.email })}</p>
        <Form method="post" className="mt-4 space-y-4" noValidate>
          <input type="hidden" name="intent" value="email" />
          <FormAlert message={email.success?.message} values={email.success?.messageValues} variant="success" />
          <FormAlert message={email.failure?.formError} values={email.failure?.formErrorValues} />
          <Field
            label={t("security.email.label")}
            name="newEmail"
            type="email"
            autoComplete="email"
            required
            defaultValue={email.failure?.values.newEmail ?? ""}
            error={email.failure?.fieldErrors.newEmail}
          />
          <SubmitButton name="intent" value="email">
            {t("security.email.submit")}
          </SubmitButton>
        </Form>
      </section>

      <section className="card p-6" aria-labelledby="password-heading">
        <h2 id="password-heading" className="text-xl font-bold">
          {t("security.password.heading")}
        </h2>
        {loaderData.hasPassword ? (
          <Form method="post" className="mt-4 space-y-4" noValidate>
            <input type="hidden" name="intent" value="password" />
            <FormAlert message={password.success?.message} variant="success" />
            <FormAlert message={password.failure?.formError} values={password.failure?.formErrorValues} />
            <Field
              label={t("security.password.current")}
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              error={password.failure?.fieldErrors.currentPassword}
            />
            <Field
              label={t("security.password.new")}
              name="newPassword"
              type="password"
              autoComplete="new-password"
              minLength={6}
              required
              hint={t("security.password.newHint")}
              error={password.failure?.fieldErrors.newPassword}
            />
            <Field
              label={t("security.password.confirm")}
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              error={password.failure?.fieldErrors.confirmPassword}
            />
            <SubmitButton name="intent" value="password">
              {t("security.password.submit")}
            </SubmitButton>
          </Form>
        ) : (
          <p className="mt-3">{t("security.password.none")}</p>
        )}
      </section>

      <SessionsSection sessions={loaderData.sessions} result={actionData} />
    </div>
  );
}

type Sessions = Route.ComponentProps["loaderData"]["sessions"];

function SessionsSection({ sessions, result }: { sessions: Sessions; result: Route.ComponentProps["actionData"] }) {
  const { t } = useTranslation("account");
  const { locale } = useLocalePath();
  const revoke = resultFor(result, "revoke");
  const others = resultFor(result, "revoke-others");
  const ok = revoke.success ?? others.success;
  const failure = revoke.failure ?? others.failure;
  const deviceOf = (ua: string | null) => {
    const d = describeUserAgent(ua);
    return t("security.sessions.device", {
      browser: d.browser ?? t("security.sessions.unknownBrowser"),
      os: d.os ?? t("security.sessions.unknownOs"),
    });
  };
  return (
    <section className="card p-6" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" className="text-xl font-bold">
        {t("security.sessions.heading")}
      </h2>
      <p className="mt-2 text-muted-foreground">{t("security.sessions.lead")}</p>
      <div className="mt-4 space-y-4">
        <FormAlert message={ok?.message} variant="success" />
        <FormAlert message={failure?.formError} values={failure?.formErrorValues} />
        <ul className="divide-y divide-border">
          {sessions.map((s) => {
            const device = deviceOf(s.userAgent);
            return (
              <li key={s.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <div className="flex gap-3">
                  <Icon name="laptop" size={20} className="mt-0.5 text-muted-foreground" />
                  <div>
                    <p className="font-semibold">
                      {device}
                      {s.current ? (
                        <span className="ml-2 rounded-full bg-primary px-2 py-0.5 text-xs font-bold text-primary-foreground">
                          {t("security.sessions.thisDevice")}
                        </span>
                      ) : null}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {s.ipAddress ? t("security.sessions.ip", { ip: s.ipAddress }) : t("security.sessions.unknownIp")}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      <time dateTime={s.createdAt}>
                        {t("security.sessions.created", {
                          date: formatDate(s.createdAt, locale, { dateStyle: "medium", timeStyle: "short" }),
                        })}
                      </time>
                      {" · "}
                      <time dateTime={s.lastActiveAt}>
                        {t("security.sessions.lastActive", {
                          date: formatDate(s.lastActiveAt, locale, { dateStyle: "medium", timeStyle: "short" }),
                        })}
                      </time>
                    </p>
                  </div>
                </div>
                <Form method="post">
                  <input type="hidden" name="sessionId" value={s.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="revoke"
                    className="btn btn-outline"
                    aria-label={t("security.sessions.revokeLabel", { device })}
                  >
                    <Icon name="log-out" size={16} />
                    {t("security.sessions.revoke")}
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
        {sessions.filter((s) => !s.current).length > 0 ? (
          <Form method="post">
            <SubmitButton name="intent" value="revoke-others" className="btn btn-outline h-auto max-w-full whitespace-normal text-left">
              {t("security.sessions.revokeOthers")}
            </SubmitButton>
          </Form>
        ) : (
          <p className="text-sm text-muted-foreground">{t("security.sessions.onlyThis")}</p>
        )}
      </div>
    </section>
  );
}
