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
import type { Route } from "./+types/verification";

export const handle = { i18n: ["company"] };

/** SPEC §1/§4: where a company waits for the team's verification and completes its company profile. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const actor = requireRoles(context, request, ["company"]);
  const { t, seo } = pageTools(context, request, "company");
  const company = await context.services.admin.myCompany(actor);
  return {
    company,
    countries: countryOptions(context.locale),
    seo: seo({ title: t("verification.title"), description: t("verification.metaDescription"), noindex: true, nofollow: true }),
  };
}

type SaveResult = { ok: true; message: string } | FormFailure;

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requireRoles(context, request, ["company"]);
  const form = await request.formData();
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
          <div>
            <h2 id="status-heading" className="text-xl font-bold">
              {t("verification.pending.title")}
            </h2>
            <p className="mt-1">{t("verification.pending.text")}</p>
            <p className="mt-2 text-muted-foreground">{t("verification.pending.meanwhile")}</p>
          </div>
        </section>
      )}

      <section className="card mt-6 p-6" aria-labelledby="profile-heading">
        <h2 id="profile-heading" className="text-xl font-bold">
          {t("form.title")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{status === "rejected" ? t("form.leadRejected") : t("form.lead")}</p>
        <Form method="post" encType="multipart/form-data" className="mt-5 space-y-5" noValidate={false}>
          <div aria-live="polite">
            {result?.ok ? <FormAlert variant="success" message={result.message} /> : null}
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
    </main>
  );
}
