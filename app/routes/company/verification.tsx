import { Icon } from "#app/components/ui/icon";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { FileInput } from "#app/components/ui/file-input";
import { Field, FormAlert, SubmitButton, TextAreaField } from "#app/components/ui/form-field";
import { countryOptions } from "#app/features/company/countries";
import { DESCRIPTION_MAX } from "#shared/company-limits";
import { companyProfileSchema } from "#shared/company-profile";
import { parseForm, type FormFailure } from "#app/lib/form";
import { actionFailure } from "#app/lib/form.server";
import { requireRoles } from "#app/lib/guards.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import { SignOutButton } from "#app/components/layout/sign-out-button";
import { RelativeTime } from "#app/components/ui/relative-time";
import { notificationSentence } from "#app/features/notifications/describe";
import { NotificationPictureView } from "#app/features/notifications/picture";
import type { Route } from "./+types/verification";

// Notifications and badges bring the notices' sentences.
export const handle = { i18n: ["company", "notifications", "badges"] };

/**
 * SPEC §1/§4: where a company waits for the team's verification and completes its company profile. Every other
 * page sends a company that is not verified here (SPEC §4: from anywhere except this page, /notifications
 * included), so this page also says why, what it can do meanwhile, how it will be told, and lists its unread
 * notices (the bell's items) with a way to mark them read.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const actor = requireRoles(context, request, ["company"]);
  const { t, seo } = pageTools(context, request, "company");
  const company = await context.services.admin.myCompany(actor);
  const held = company?.status !== "verified";
  const notices = held ? await context.services.notifications.list(actor, { unreadOnly: true }) : null;
  return {
    company,
    email: actor.email,
    contactEmail: context.services.env.contactEmail,
    notices: notices ? { items: notices.items, unread: notices.unread } : null,
    countries: countryOptions(context.locale),
    seo: seo({ title: t("verification.title"), description: t("verification.metaDescription"), noindex: true, nofollow: true }),
  };
}

type SaveResult = { ok: true; message: string; notices?: true; count?: number } | FormFailure;

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requireRoles(context, request, ["company"]);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  // The notices listed here are marked read here: /notifications is held like every other page.
  if (intent === "read" || intent === "read-all") {
    try {
      const input = intent === "read-all" ? { all: true } : { id: String(form.get("id") ?? "") };
      const { updated } = await context.services.notifications.markRead(actor, input);
      return {
        ok: true,
        notices: true,
        message: intent === "read-all" ? "notifications:markedAll" : "notifications:marked",
        count: updated,
      };
    } catch (err) {
      return actionFailure(err, form);
    }
  }
  const parsed = parseForm(companyProfileSchema, form);
  if (!parsed.ok) return parsed satisfies SaveResult;
  const file = form.get("logo");
  const logo = file && typeof file === "object" && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
  try {
    await context.services.admin.updateCompanyProfile(actor, { ...parsed.data, logo });
    return { ok: true, message: "company:verification.saved" } satisfies SaveResult;
  } catch (err) {
    return actionFailure(err, form, { "accounts.avatar_type": "logo", "accounts.avatar_too_large": "logo" });
  }
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

function CountrySelect({
  options,
  defaultValue,
  error,
  label,
  emptyLabel,
}: {
  options: { code: string; name: string }[];
  defaultValue: string;
  error?: string;
  label: string;
  emptyLabel: string;
}) {
  const { t } = useTranslation();
  const id = `${useId()}-country`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        name="country"
        defaultValue={defaultValue}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{emptyLabel}</option>
        {options.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

export default function Verification({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("company");
  const { to } = useLocalePath();
  const { company, countries } = loaderData;
  const result = actionData as SaveResult | undefined;
  const failed = result && !result.ok ? result : null;
  const saved = result?.ok && !result.notices ? result : null;
  const value = (name: keyof NonNullable<typeof company> & string) =>
    failed?.values[name] ?? (company?.[name] as string | null | undefined) ?? "";
  const status = company?.status ?? "pending";
  return (
    <main id="main" className="mx-auto max-w-3xl py-6">
      <h1 className="text-3xl font-black">{t("verification.title")}</h1>

      {status === "verified" ? (
        <section className="card mt-6 flex gap-4 p-6" aria-labelledby="status-heading">
          <Icon name="badge-check" className="shrink-0 text-positive" size={32} />
          <div>
            <h2 id="status-heading" className="text-xl font-bold">
              {t("verification.verified.title")}
            </h2>
            <p className="mt-1">{t("verification.verified.text")}</p>
            <div className="mt-4 flex flex-wrap gap-3">
              <Link to={to("/dashboard")} className="btn btn-primary">
                {t("verification.verified.dashboard")}
              </Link>
              {company ? (
                <Link to={to(`/company/${company.slug}`)} className="btn btn-outline">
                  {t("verification.verified.publicPage")}
                </Link>
              ) : null}
            </div>
          </div>
        </section>
      ) : status === "rejected" ? (
        <section className="card mt-6 flex gap-4 border-danger/60 p-6" aria-labelledby="status-heading">
          <Icon name="circle-x" className="shrink-0 text-danger" size={32} />
          <div>
            <h2 id="status-heading" className="text-xl font-bold">
              {t("verification.rejected.title")}
            </h2>
            <p className="mt-1">{t("verification.rejected.text")}</p>
            <blockquote className="mt-3 rounded-md border border-border bg-muted p-3">
              <p className="text-sm font-semibold">{t("verification.rejected.reason")}</p>
              <p className="mt-1 whitespace-pre-line">{company?.rejectionReason}</p>
            </blockquote>
          </div>
        </section>
      ) : (
        <section className="card mt-6 flex gap-4 p-6" aria-labelledby="status-heading">
          <Icon name="clock" className="shrink-0 text-primary" size={32} />
          <div className="min-w-0">
            <h2 id="status-heading" className="text-xl font-bold">
              {t("verification.pending.title")}
            </h2>
            <p className="mt-1">{t("verification.pending.text")}</p>
            <p className="mt-2 font-semibold">{t("verification.pending.why")}</p>
            <h3 className="mt-4 font-bold">{t("verification.pending.toldTitle")}</h3>
            <p className="mt-1 [overflow-wrap:anywhere]">{t("verification.pending.told", { email: loaderData.email })}</p>
          </div>
        </section>
      )}

      {status === "verified" ? null : (
        <>
          <section className="card mt-6 p-6" aria-labelledby="meanwhile-heading">
            <h2 id="meanwhile-heading" className="text-xl font-bold">
              {t("verification.meanwhile.title")}
            </h2>
            <ul className="mt-3 list-disc space-y-2 pl-5">
              <li>
                <a href="#profile-heading" className="link">
                  {t("verification.meanwhile.profile")}
                </a>{" "}
                {t("verification.meanwhile.profileWhy")}
              </li>
              <li>
                <a href="#notices-heading" className="link">
                  {t("verification.meanwhile.notices")}
                </a>{" "}
                {t("verification.meanwhile.noticesWhy")}
              </li>
            </ul>
          </section>
          {loaderData.notices ? <Notices notices={loaderData.notices} result={result?.ok && result.notices ? result : null} /> : null}
        </>
      )}

      <section className="card mt-6 p-6" aria-labelledby="profile-heading">
        <h2 id="profile-heading" className="text-xl font-bold">
          {t("form.title")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{status === "rejected" ? t("form.leadRejected") : t("form.lead")}</p>
        <Form method="post" encType="multipart/form-data" className="mt-5 space-y-5" noValidate={false}>
          <div aria-live="polite">
            {saved ? <FormAlert variant="success" message={saved.message} /> : null}
            {failed ? <FormAlert message={failed.formError} values={failed.formErrorValues} /> : null}
          </div>
          <Field
            label={t("form.companyName")}
            name="companyName"
            required
            minLength={2}
            maxLength={120}
            autoComplete="organization"
            defaultValue={value("companyName")}
            error={failed?.fieldErrors.companyName}
          />
          <Field
            label={t("form.representativeName")}
            name="representativeName"
            required
            minLength={2}
            maxLength={120}
            autoComplete="name"
            defaultValue={value("representativeName")}
            error={failed?.fieldErrors.representativeName}
          />
          <Field
            label={t("form.website")}
            name="website"
            type="url"
            placeholder="https://"
            maxLength={300}
            hint={t("form.websiteHint")}
            defaultValue={value("website")}
            error={failed?.fieldErrors.website}
          />
          <TextAreaField
            label={t("form.description")}
            name="description"
            rows={6}
            maxLength={DESCRIPTION_MAX}
            hint={t("form.descriptionHint", { max: DESCRIPTION_MAX })}
            defaultValue={value("description")}
            error={failed?.fieldErrors.description}
          />
          <CountrySelect
            label={t("form.country")}
            emptyLabel={t("form.countryNone")}
            options={countries}
            defaultValue={value("country")}
            error={failed?.fieldErrors.country}
          />
          <div className="flex flex-wrap items-end gap-4">
            {company?.logoUrl ? (
              <img src={company.logoUrl} alt={t("form.currentLogo")} width={80} height={80} className="rounded-lg" />
            ) : null}
            <div className="min-w-0 flex-1">
              <FileInput
                label={t("form.logo")}
                name="logo"
                accept="image/png,image/jpeg,image/webp"
                hint={t("form.logoHint")}
                error={failed?.fieldErrors.logo}
              />
            </div>
          </div>
          <SubmitButton pendingLabel={t("form.saving")}>{status === "rejected" ? t("form.resubmit") : t("form.save")}</SubmitButton>
        </Form>
      </section>

      {status === "verified" ? null : (
        <section className="card mt-6 p-6" aria-labelledby="help-heading">
          <h2 id="help-heading" className="text-xl font-bold">
            {t("verification.help.title")}
          </h2>
          <p className="mt-1">
            {t("verification.help.contact")}{" "}
            <a href={`mailto:${loaderData.contactEmail}`} className="link font-semibold [overflow-wrap:anywhere]">
              {loaderData.contactEmail}
            </a>
          </p>
          <p className="mt-3 text-muted-foreground">{t("verification.help.signOut")}</p>
          <div className="mt-3">
            <SignOutButton className="btn btn-outline" />
          </div>
        </section>
      )}
    </main>
  );
}

type NoticeList = NonNullable<Route.ComponentProps["loaderData"]["notices"]>;

/**
 * The company's unread notices (what the bell counts), readable here because every other page, /notifications
 * too, sends a company that is not verified back to this one. Their links would lead to held pages, so each is
 * its sentence and a button that marks it read.
 */
function Notices({ notices, result }: { notices: NoticeList; result: { message: string; count?: number } | null }) {
  const { t } = useTranslation("company");
  const { t: tn } = useTranslation("notifications");
  const { locale } = useLocalePath();
  return (
    <section className="card mt-6 p-6" aria-labelledby="notices-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="notices-heading" className="text-xl font-bold">
          {t("verification.notices.title")}
        </h2>
        {notices.items.length > 1 ? (
          <Form method="post" preventScrollReset>
            <SubmitButton name="intent" value="read-all" className="btn btn-outline">
              {tn("markAllRead")}
            </SubmitButton>
          </Form>
        ) : null}
      </div>
      <div aria-live="polite">
        {result ? <FormAlert variant="success" message={result.message} values={{ count: result.count ?? 0 }} /> : null}
      </div>
      {notices.items.length === 0 ? (
        <p className="mt-2 text-muted-foreground">{t("verification.notices.none")}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {notices.items.map((n) => {
            const sentence = notificationSentence(tn, n, locale);
            return (
              <li key={n.id} className="flex flex-wrap items-start gap-3 rounded-card border border-border p-3">
                <NotificationPictureView n={n} size={36} />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold [overflow-wrap:anywhere]">{sentence}</p>
                  <RelativeTime date={n.createdAt} locale={locale} className="text-sm text-muted-foreground" />
                </div>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="id" value={n.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="read"
                    className="btn btn-ghost text-sm"
                    aria-label={tn("markReadLabel", { sentence })}
                  >
                    {tn("markRead")}
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
