import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { TextAreaField } from "#app/components/ui/form-field";
import { adminPage, orRefused, searchParamsOf, unknownIntent } from "#app/features/admin/route.server";
import { ActionResult, AdminErrorBoundary, AdminHeading, NOINDEX, type AdminActionResult } from "#app/features/admin/shell";
import { Badge } from "#app/components/ui/badge";
import { ConfirmAction } from "#app/components/ui/disclosure-form";
import { EmptyState } from "#app/components/ui/empty-state";
import { Pagination } from "#app/components/ui/pagination";
import { SearchForm } from "#app/components/ui/search-form";
import { useDateFormat } from "#app/lib/use-date-format";
import { countryName } from "#app/features/company/countries";
import { actionFailure } from "#app/lib/form.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/companies";

export const handle = { i18n: ["admin"] };

const STATUSES = ["pending", "verified", "rejected"] as const;
const REASON_MAX = 1000;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, admin, seo } = adminPage(context, request);
  const companies = await orRefused(context, request, admin.listCompanies(actor, searchParamsOf(request)));
  return { seo: seo("companies.title"), companies };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { actor, admin } = adminPage(context, request);
  const form = await request.formData();
  const intent = form.get("intent");
  const name = String(form.get("name") ?? "");
  try {
    if (intent === "verify") {
      const r = await admin.verifyCompany(actor, { companyId: form.get("companyId") });
      return {
        ok: true,
        message: r.changed ? "admin:companies.verified" : "admin:companies.alreadyVerified",
        messageValues: { name },
      } satisfies AdminActionResult;
    }
    if (intent === "reject") {
      await admin.rejectCompany(actor, { companyId: form.get("companyId"), reason: form.get("reason") });
      return { ok: true, message: "admin:companies.rejected", messageValues: { name } } satisfies AdminActionResult;
    }
    return unknownIntent(form);
  } catch (err) {
    return actionFailure(err, form, { "company.reason_required": "reason" });
  }
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

export default function Companies({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { to } = useLocalePath();
  const { date, locale } = useDateFormat();
  const location = useLocation();
  const { companies } = loaderData;
  const result = actionData as AdminActionResult | undefined;
  const failedFor = result && !result.ok ? result.values.companyId : undefined;
  const tabHref = (status: string) => {
    const p = new URLSearchParams();
    p.set("status", status);
    if (companies.q) p.set("q", companies.q);
    return `${location.pathname}?${p}`;
  };
  return (
    <>
      <AdminHeading title={t("companies.title")}>{t("companies.lead")}</AdminHeading>
      <div aria-live="polite" className="mb-4">
        <ActionResult result={result} />
      </div>
      <nav aria-label={t("companies.filterLabel")} className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {STATUSES.map((s) => (
            <li key={s}>
              <Link
                to={tabHref(s)}
                aria-current={companies.status === s ? "page" : undefined}
                className={`btn ${companies.status === s ? "btn-primary" : "btn-outline"} text-sm`}
              >
                {t(`companies.status.${s}`)} <span className="tabular-nums">({companies.counts[s]})</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <SearchForm label={t("companies.searchLabel")} value={companies.q} hidden={{ status: companies.status }} />
      <h2 className="sr-only">{t("companies.listHeading", { status: t(`companies.status.${companies.status}`) })}</h2>
      {companies.items.length === 0 ? (
        <EmptyState>{companies.q ? t("companies.noResults", { q: companies.q }) : t(`companies.empty.${companies.status}`)}</EmptyState>
      ) : (
        <ul className="space-y-4">
          {companies.items.map((c) => (
            <li key={c.id}>
              <article className="card p-5" aria-labelledby={`company-${c.id}`}>
                <div className="flex flex-wrap items-start gap-4">
                  {c.logoUrl ? <img src={c.logoUrl} alt="" width={64} height={64} className="rounded-lg" /> : null}
                  <div className="min-w-0 flex-1">
                    <h3 id={`company-${c.id}`} className="text-lg font-bold">
                      {c.companyName}{" "}
                      <Badge tone={c.status === "verified" ? "positive" : c.status === "rejected" ? "danger" : "neutral"}>
                        {t(`companies.status.${c.status}`)}
                      </Badge>
                    </h3>
                    <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                      <dt className="text-muted-foreground">{t("companies.fields.representative")}</dt>
                      <dd>{c.representativeName}</dd>
                      <dt className="text-muted-foreground">{t("companies.fields.email")}</dt>
                      <dd className="break-all">{c.email}</dd>
                      <dt className="text-muted-foreground">{t("companies.fields.website")}</dt>
                      <dd className="break-all">
                        {c.website ? (
                          <a className="link inline-block py-1" href={c.website} rel="noopener noreferrer nofollow ugc" target="_blank">
                            {c.website}
                          </a>
                        ) : (
                          "—"
                        )}
                      </dd>
                      <dt className="text-muted-foreground">{t("companies.fields.country")}</dt>
                      <dd>{countryName(c.country, locale) ?? "—"}</dd>
                      <dt className="text-muted-foreground">{t("companies.fields.updated")}</dt>
                      <dd>{date(c.updatedAt)}</dd>
                      {c.verifiedAt ? (
                        <>
                          <dt className="text-muted-foreground">{t("companies.fields.verifiedAt")}</dt>
                          <dd>{date(c.verifiedAt)}</dd>
                        </>
                      ) : null}
                      {c.status === "verified" ? (
                        <>
                          <dt className="text-muted-foreground">{t("companies.fields.publicPage")}</dt>
                          <dd>
                            <Link className="link inline-block py-1" to={to(`/company/${c.slug}`)}>{`/company/${c.slug}`}</Link>
                          </dd>
                        </>
                      ) : null}
                    </dl>
                    {c.description ? (
                      <p className="mt-3 whitespace-pre-line text-sm">{c.description}</p>
                    ) : (
                      <p className="mt-3 text-sm text-muted-foreground">{t("companies.noDescription")}</p>
                    )}
                    {c.rejectionReason ? (
                      <p className="mt-3 rounded-md border border-danger/50 p-3 text-sm">
                        <strong>{t("companies.fields.rejectionReason")}:</strong> {c.rejectionReason}
                      </p>
                    ) : null}
                  </div>
                </div>
                <div className="mt-4 flex flex-wrap gap-2">
                  {c.status !== "verified" ? (
                    <ConfirmAction
                      tone="primary"
                      label={t("companies.verify")}
                      question={t("companies.confirmVerify", { name: c.companyName })}
                      confirmLabel={t("companies.confirmVerifyButton")}
                      intent="verify"
                      fields={{ companyId: c.id, name: c.companyName }}
                    />
                  ) : null}
                  <ConfirmAction
                    label={t(c.status === "verified" ? "companies.revokeVerification" : "companies.reject")}
                    question={t("companies.confirmReject", { name: c.companyName })}
                    confirmLabel={t("companies.confirmRejectButton")}
                    intent="reject"
                    fields={{ companyId: c.id, name: c.companyName }}
                    open={failedFor === c.id}
                  >
                    <TextAreaField
                      label={t("companies.reasonLabel")}
                      hint={t("companies.reasonHint")}
                      name="reason"
                      required
                      maxLength={REASON_MAX}
                      defaultValue={failedFor === c.id && result && !result.ok ? result.values.reason : undefined}
                      error={failedFor === c.id && result && !result.ok ? result.fieldErrors.reason : undefined}
                    />
                  </ConfirmAction>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pagination className="mt-4" page={companies.page} pageCount={companies.pageCount} total={companies.total} />
    </>
  );
}
