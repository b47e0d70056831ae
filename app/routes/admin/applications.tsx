import { useTranslation } from "react-i18next";
import { Form, Link, useLocation } from "react-router";
import { ConfirmAction } from "#app/components/ui/disclosure-form";
import { EmptyState } from "#app/components/ui/empty-state";
import { FilterSelect } from "#app/components/ui/filter-select";
import { Pagination } from "#app/components/ui/pagination";
import { DataTable } from "#app/components/ui/table";
import { adminPage, orRefused, searchParamsOf } from "#app/features/admin/route.server";
import { ActionResult, AdminErrorBoundary, AdminHeading, NOINDEX, type AdminActionResult } from "#app/features/admin/shell";
import { applicationsAction } from "#app/features/jobs/admin/jobs-admin.server";
import { DecisionForms } from "#app/features/jobs/admin/decision-forms";
import { StatusBadge } from "#app/features/jobs/admin/status-badge";
import { serverT } from "#app/i18n/server";
import { seoMeta } from "#app/lib/seo";
import { useDateFormat } from "#app/lib/use-date-format";
import { useLocalePath } from "#app/lib/use-locale";
import { useHrefWith } from "#app/lib/use-href-with";
import { APPLICATION_STATUSES } from "#shared/jobs";
import type { Route } from "./+types/applications";

export const handle = { i18n: ["admin", "jobs"] };

/**
 * /admin/applications (SPEC §2 "applications"): every application, newest first, filtered by offer and by status, a
 * page at a time; `?application=<id>` opens one with its resume, history and the accept and reject forms.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, seo } = adminPage(context, request);
  const jobs = context.services.jobBoard;
  const params = searchParamsOf(request);
  const list = await orRefused(context, request, jobs.listApplications(actor, params));
  const offers = await orRefused(context, request, jobs.listOffers(actor));
  const found = params.application ? await jobs.getApplication(actor, { applicationId: params.application }).catch(() => null) : null;
  let selected = null;
  if (found) {
    // The default messages are in the applicant's language: it is they who read them.
    const tApplicant = serverT(found.locale, "jobs");
    const values = { name: found.name, title: found.locale === "en" ? found.offerTitleEn : found.offerTitleEs };
    selected = {
      ...found,
      createdAt: found.createdAt.toISOString(),
      decidedAt: found.decidedAt?.toISOString() ?? null,
      defaults: {
        accepted: tApplicant("admin.applications.defaultMessage.accepted", values),
        rejected: tApplicant("admin.applications.defaultMessage.rejected", values),
      },
    };
  }
  return {
    seo: seo("nav.jobApplications"),
    list: { ...list, rows: list.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) },
    offers: offers.map((o) => ({ id: o.id, titleEs: o.titleEs, titleEn: o.titleEn })),
    selected,
    can: jobs.abilities(actor),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { actor } = adminPage(context, request);
  return applicationsAction(context, actor, await request.formData());
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

export default function AdminApplications({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["jobs", "admin"]);
  const { date, dateTime } = useDateFormat();
  const { to, locale } = useLocalePath();
  const location = useLocation();
  const { list, offers, selected, can } = loaderData;
  const result = actionData as AdminActionResult | undefined;
  const failed = result && !result.ok ? result : undefined;
  const titleOf = (o: { titleEs: string; titleEn: string }) => (locale === "en" ? o.titleEn : o.titleEs);
  const hrefWith = useHrefWith();
  // An empty value removes the parameter too (the "all" choice of a filter).
  const href = (over: Record<string, string | null>) => hrefWith(Object.fromEntries(Object.entries(over).map(([k, v]) => [k, v || null])));
  const filtered = !!(list.offer || list.status);
  return (
    <>
      <AdminHeading title={t("admin.applications.title")}>
        <p>{t("admin.applications.lead")}</p>
      </AdminHeading>
      <div aria-live="polite" className="mb-4">
        <ActionResult result={result} />
      </div>

      {selected ? (
        <section aria-labelledby="application-title" className="card mb-6 space-y-4 p-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="application-title" className="text-xl font-bold break-words">
              {t("admin.applications.detailTitle", { name: selected.name })}
            </h2>
            <Link to={href({ application: null })} className="link text-sm">
              {t("admin.applications.close")}
            </Link>
          </div>
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
            <dt className="font-semibold">{t("admin.applications.fields.offer")}</dt>
            <dd>{titleOf({ titleEs: selected.offerTitleEs, titleEn: selected.offerTitleEn })}</dd>
            <dt className="font-semibold">{t("admin.applications.fields.status")}</dt>
            <dd>
              <StatusBadge status={selected.status} />
            </dd>
            <dt className="font-semibold">{t("admin.applications.fields.email")}</dt>
            <dd className="break-all">
              <a className="link inline-block py-1" href={`mailto:${selected.email}`}>
                {selected.email}
              </a>
            </dd>
            <dt className="font-semibold">{t("admin.applications.fields.language")}</dt>
            <dd>{t(`admin.applications.languages.${selected.locale}`)}</dd>
            <dt className="font-semibold">{t("admin.applications.fields.date")}</dt>
            <dd>{dateTime(selected.createdAt)}</dd>
            <dt className="font-semibold">{t("admin.applications.fields.portfolio")}</dt>
            <dd className="break-all">
              {selected.portfolioUrl ? (
                <a className="link inline-block py-1" href={selected.portfolioUrl} rel="noopener noreferrer nofollow" target="_blank">
                  {selected.portfolioUrl}
                </a>
              ) : (
                t("admin.applications.none")
              )}
            </dd>
            <dt className="font-semibold">{t("admin.applications.fields.resume")}</dt>
            <dd>
              {can.downloadResume ? (
                <a className="link inline-block py-1" href={to(`/admin/applications/${selected.id}/resume`)} download>
                  {t("admin.applications.downloadResume", { size: Math.max(1, Math.round(selected.resumeBytes / 1024)) })}
                </a>
              ) : null}
            </dd>
          </dl>
          <div>
            <h3 className="font-semibold">{t("admin.applications.fields.message")}</h3>
            <p className="mt-1 whitespace-pre-line break-words">{selected.message}</p>
          </div>
          <div>
            <h3 className="font-semibold">{t("admin.applications.fields.experience")}</h3>
            <p className="mt-1 whitespace-pre-line break-words">{selected.experience}</p>
          </div>
          {selected.decisions.length > 0 ? (
            <div>
              <h3 className="font-semibold">{t("admin.applications.history")}</h3>
              <ul className="mt-1 space-y-1 text-sm">
                {selected.decisions.map((d, i) => (
                  <li key={i}>
                    {t(`admin.applications.historyEntry.${d.status}`, { by: d.byName ?? "—", date: dateTime(d.at) })}{" "}
                    {d.emailed ? t("admin.applications.historyEmailed") : t("admin.applications.historyNotEmailed")}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {selected.status === "pending" ? (
            <DecisionForms applicationId={selected.id} defaults={selected.defaults} failure={failed} can={can} />
          ) : null}
          {can.deleteApplication ? (
            <ConfirmAction
              label={t("admin.applications.delete")}
              question={t("admin.applications.confirmDelete", { name: selected.name })}
              confirmLabel={t("admin.applications.deleteConfirm")}
              intent="delete"
              fields={{ applicationId: selected.id }}
            />
          ) : null}
        </section>
      ) : null}

      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3">
        <FilterSelect
          name="offer"
          label={t("admin.applications.filterOffer")}
          anyLabel={t("admin.applications.anyOffer")}
          value={list.offer}
          options={offers.map((o) => ({ value: o.id, label: titleOf(o) }))}
        />
        <FilterSelect
          name="status"
          label={t("admin.applications.filterStatus")}
          anyLabel={t("admin.applications.anyStatus")}
          value={list.status}
          options={APPLICATION_STATUSES.map((s) => ({ value: s, label: t(`applicationStatus.${s}`) }))}
        />
        <button type="submit" className="btn btn-outline">
          {t("admin.applications.filter")}
        </button>
      </Form>
      {list.rows.length === 0 ? (
        <EmptyState title={filtered ? t("admin.applications.noMatch") : t("admin.applications.emptyTitle")}>
          {filtered ? (
            <Link to={location.pathname} className="link inline-block py-1">
              {t("admin.applications.clearFilters")}
            </Link>
          ) : (
            t("admin.applications.emptyText")
          )}
        </EmptyState>
      ) : (
        <DataTable caption={t("admin.applications.caption", { count: list.total })}>
          <thead>
            <tr>
              <th scope="col">{t("admin.applications.columns.name")}</th>
              <th scope="col">{t("admin.applications.columns.status")}</th>
              <th scope="col">{t("admin.applications.columns.offer")}</th>
              <th scope="col">{t("admin.applications.columns.date")}</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((r) => (
              <tr key={r.id}>
                <td>
                  <Link
                    to={href({ application: r.id })}
                    className="link font-semibold"
                    aria-label={t("admin.applications.openLabel", { name: r.name })}
                  >
                    {r.name}
                  </Link>
                  <span className="block break-all text-sm text-muted-foreground">{r.email}</span>
                </td>
                <td>
                  <StatusBadge status={r.status} />
                </td>
                <td>{titleOf({ titleEs: r.offerTitleEs, titleEn: r.offerTitleEn })}</td>
                <td className="whitespace-nowrap">{date(r.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <Pagination className="mt-4" page={list.page} pageCount={list.pageCount} total={list.total} />
    </>
  );
}
