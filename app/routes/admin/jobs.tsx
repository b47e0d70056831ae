import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { ConfirmAction, FormDisclosure } from "#app/components/ui/disclosure-form";
import { EmptyState } from "#app/components/ui/empty-state";
import { DataTable } from "#app/components/ui/table";
import { adminPage, orRefused } from "#app/features/admin/route.server";
import { ActionResult, AdminErrorBoundary, AdminHeading, NOINDEX, type AdminActionResult } from "#app/features/admin/shell";
import { offersAction } from "#app/features/jobs/admin/jobs-admin.server";
import { OfferFields } from "#app/features/jobs/admin/offer-fields";
import { seoMeta } from "#app/lib/seo";
import { useDateFormat } from "#app/lib/use-date-format";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/jobs";

export const handle = { i18n: ["admin", "jobs"] };

/** /admin/jobs (SPEC §2 "job offers"): every offer, open first; create, edit (`?edit=<id>`), open and close. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, seo } = adminPage(context, request);
  const offers = await orRefused(context, request, context.services.jobBoard.listOffers(actor));
  const edit = new URL(request.url).searchParams.get("edit");
  return {
    seo: seo("nav.jobOffers"),
    offers: offers.map((o) => ({ ...o, createdAt: o.createdAt.toISOString(), closedAt: o.closedAt?.toISOString() ?? null })),
    editing: edit && offers.some((o) => o.id === edit) ? edit : null,
    can: context.services.jobBoard.abilities(actor),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { actor } = adminPage(context, request);
  return offersAction(context, actor, await request.formData());
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

export default function AdminJobOffers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["jobs", "admin"]);
  const { date } = useDateFormat();
  const { to, locale } = useLocalePath();
  const location = useLocation();
  const { offers, editing, can } = loaderData;
  const result = actionData as AdminActionResult | undefined;
  const failed = result && !result.ok ? result : undefined;
  const failedForm = failed?.values.formId;
  const titleOf = (o: { titleEs: string; titleEn: string }) => (locale === "en" ? o.titleEn : o.titleEs);
  const editingId = failedForm === "update" ? failed?.values.offerId : editing;
  return (
    <>
      <AdminHeading title={t("admin.offers.title")}>
        <p>{t("admin.offers.lead")}</p>
      </AdminHeading>
      <div aria-live="polite" className="mb-4">
        <ActionResult result={result} />
      </div>
      {can.createOffer ? (
        <FormDisclosure
          summary={t("admin.offers.create")}
          formId="create"
          intent="create"
          failure={failedForm === "create" ? failed : undefined}
          submit={t("admin.offers.createSubmit")}
          className="mb-6"
        >
          <OfferFields start={null} failure={failedForm === "create" ? failed : undefined} />
        </FormDisclosure>
      ) : null}
      {offers.length === 0 ? (
        <EmptyState title={t("admin.offers.emptyTitle")}>{t("admin.offers.emptyText")}</EmptyState>
      ) : (
        <DataTable caption={t("admin.offers.caption", { count: offers.length })}>
          <thead>
            <tr>
              <th scope="col">{t("admin.offers.columns.title")}</th>
              <th scope="col">{t("admin.offers.columns.status")}</th>
              <th scope="col" className="text-right">
                {t("admin.offers.columns.applications")}
              </th>
              <th scope="col">{t("admin.offers.columns.created")}</th>
              <th scope="col">{t("admin.offers.columns.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {offers.map((o) => (
              <tr key={o.id}>
                <td>
                  <Link to={to(`/jobs/${o.id}`)} className="link inline-block py-1 font-semibold">
                    {titleOf(o)}
                  </Link>
                  {editingId === o.id && can.updateOffer ? (
                    <FormDisclosure
                      summary={t("admin.offers.edit")}
                      formId="update"
                      intent="update"
                      hidden={{ offerId: o.id }}
                      failure={failedForm === "update" ? failed : undefined}
                      submit={t("admin.offers.editSubmit")}
                    >
                      <OfferFields start={o} failure={failedForm === "update" ? failed : undefined} />
                    </FormDisclosure>
                  ) : null}
                </td>
                <td>
                  {o.status === "open" ? (
                    <Badge tone="positive">{t("status.open")}</Badge>
                  ) : (
                    <Badge tone="neutral">{t("admin.offers.closedOn", { date: date(o.closedAt!) })}</Badge>
                  )}
                </td>
                <td className="text-right tabular-nums">
                  <Link to={to(`/admin/applications?offer=${o.id}`)} className="link inline-block py-1">
                    {t("admin.offers.applicationsCount", { count: o.applications, pending: o.pending })}
                  </Link>
                </td>
                <td className="whitespace-nowrap">{date(o.createdAt)}</td>
                <td>
                  <div className="flex flex-wrap gap-2">
                    {can.updateOffer && editingId !== o.id ? (
                      <Link
                        to={`${location.pathname}?edit=${o.id}`}
                        className="btn btn-outline min-h-9 px-3 py-1 text-sm"
                        aria-label={t("admin.offers.editLabel", { title: titleOf(o) })}
                      >
                        {t("admin.offers.edit")}
                      </Link>
                    ) : null}
                    {o.status === "open" && can.closeOffer ? (
                      <ConfirmAction
                        label={t("admin.offers.close")}
                        question={t("admin.offers.confirmClose", { title: titleOf(o) })}
                        confirmLabel={t("admin.offers.closeConfirm")}
                        intent="close"
                        fields={{ offerId: o.id }}
                      />
                    ) : null}
                    {o.status === "closed" && can.openOffer ? (
                      <ConfirmAction
                        tone="primary"
                        label={t("admin.offers.open")}
                        question={t("admin.offers.confirmOpen", { title: titleOf(o) })}
                        confirmLabel={t("admin.offers.openConfirm")}
                        intent="open"
                        fields={{ offerId: o.id }}
                      />
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </>
  );
}
