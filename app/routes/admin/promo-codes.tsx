import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { DataTable } from "#app/components/ui/table";
import { PromoCodeFields, PROMO_NS, type PromoFormValues } from "#app/features/featured/admin/promo-codes-form";
import { promoCodesAction } from "#app/features/featured/admin/promo-codes.server";
import { adminPage, orRefused, searchParamsOf } from "#app/features/admin/route.server";
import { ActionResult, AdminErrorBoundary, AdminHeading, NOINDEX, type AdminActionResult } from "#app/features/admin/shell";
import { Badge } from "#app/components/ui/badge";
import { ConfirmAction, FormDisclosure } from "#app/components/ui/disclosure-form";
import { EmptyState } from "#app/components/ui/empty-state";
import { Pagination } from "#app/components/ui/pagination";
import { SearchForm } from "#app/components/ui/search-form";
import { useDateFormat } from "#app/lib/use-date-format";
import { formatMoney } from "#app/features/collaborate/money";
import { seoMeta } from "#app/lib/seo";
import { CURRENCIES, type Currency } from "#shared/promotions";
import type { Route } from "./+types/promo-codes";

export const handle = { i18n: ["admin", PROMO_NS, "promotions"] };

const FILTERS = ["all", "active", "inactive", "expired"] as const;

/** /admin/promo-codes (SPEC §3 Promo code): the codes, searched and filtered; `?code=<id>` opens one code's edit form and uses. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, seo } = adminPage(context, request);
  const promotions = context.services.promotions;
  const params = searchParamsOf(request);
  const list = await orRefused(context, request, promotions.listPromoCodes(actor, params));
  if (list.page > list.pageCount) throw new Response("Not Found", { status: 404 });
  const selected = params.code
    ? await orRefused(context, request, promotions.listPromoCodeUses(actor, { promoCodeId: params.code, page: params.usesPage }))
    : null;
  const { currency } = await promotions.getPublicOffer();
  return { seo: seo("nav.promoCodes"), list, selected, currency };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { actor } = adminPage(context, request);
  return promoCodesAction(context, actor, await request.formData());
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

const major = (minor: number, currency: string) =>
  (minor / 10 ** (CURRENCIES[currency as Currency] ?? 2)).toFixed(CURRENCIES[currency as Currency] ?? 2);

export default function AdminPromoCodes({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation([PROMO_NS, "admin", "promotions"]);
  const { date } = useDateFormat();
  const location = useLocation();
  const { list, selected, currency } = loaderData;
  const result = actionData as AdminActionResult | undefined;
  const failed = result && !result.ok ? result : undefined;
  const failedForm = failed?.values.formId;
  const money = (minor: number, cur: string = currency) => formatMoney(minor, cur, i18n.language);
  const discount = (c: { discountType: string; discountValue: number }) =>
    c.discountType === "percentage" ? `${c.discountValue} %` : money(c.discountValue);
  const href = (over: Record<string, string | null>) => {
    const p = new URLSearchParams(location.search);
    for (const [k, v] of Object.entries(over)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    const qs = p.toString();
    return `${location.pathname}${qs ? `?${qs}` : ""}`;
  };
  const editStart = (c: NonNullable<typeof selected>["code"]): PromoFormValues => ({
    code: c.code,
    discountType: c.discountType,
    discountValue: c.discountType === "percentage" ? String(c.discountValue) : major(c.discountValue, currency),
    expiresAt: c.expiresAt ? new Date(c.expiresAt).toISOString().slice(0, 10) : null,
    maxUses: c.maxUses,
    isActive: c.isActive,
    note: c.note,
  });

  return (
    <>
      <AdminHeading title={t("title")}>
        <p>{t("help.lead")}</p>
        <p className="mt-1">{t("help.uses")}</p>
      </AdminHeading>
      <div aria-live="polite" className="mb-4">
        <ActionResult result={result} />
      </div>
      <FormDisclosure
        summary={t("create")}
        formId="create"
        intent="create"
        failure={failedForm === "create" ? failed : undefined}
        submit={t("createSubmit")}
        className="mb-6"
      >
        <PromoCodeFields start={null} failure={failedForm === "create" ? failed : undefined} currency={currency} />
      </FormDisclosure>

      {selected ? (
        <section aria-labelledby="selected-title" className="card mb-6 space-y-4 p-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="selected-title" className="text-xl font-bold">
              {t("selected.title", { code: selected.code.code })}
            </h2>
            <Link to={href({ code: null, usesPage: null })} className="link text-sm">
              {t("selected.close")}
            </Link>
          </div>
          <FormDisclosure
            summary={t("edit")}
            formId="update"
            intent="update"
            hidden={{ promoCodeId: selected.code.id }}
            failure={failedForm === "update" ? failed : undefined}
            submit={t("editSubmit")}
          >
            <PromoCodeFields start={editStart(selected.code)} failure={failedForm === "update" ? failed : undefined} currency={currency} />
          </FormDisclosure>
          <h3 className="text-lg font-semibold">{t("uses.title")}</h3>
          {selected.uses.length === 0 ? (
            <EmptyState>{t("uses.empty")}</EmptyState>
          ) : (
            <>
              <DataTable caption={t("uses.caption", { code: selected.code.code, count: selected.total })}>
                <thead>
                  <tr>
                    <th scope="col">{t("uses.date")}</th>
                    <th scope="col">{t("uses.game")}</th>
                    <th scope="col">{t("uses.studio")}</th>
                    <th scope="col" className="text-right">
                      {t("uses.discount")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {selected.uses.map((u) => (
                    <tr key={u.id}>
                      <td className="whitespace-nowrap">{date(u.usedAt)}</td>
                      <td>{u.gameName ?? t("uses.deleted")}</td>
                      <td>{u.studioName ?? "—"}</td>
                      <td className="text-right tabular-nums">{money(u.discountMinor, u.currency ?? currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
              <Pagination
                className="mt-4"
                page={selected.page}
                pageCount={selected.pageCount}
                total={selected.total}
                param="usesPage"
                label={t("uses.pagination")}
              />
            </>
          )}
        </section>
      ) : null}

      <nav aria-label={t("filterLabel")} className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {FILTERS.map((s) => (
            <li key={s}>
              <Link
                to={href({ status: s === "all" ? null : s, page: null })}
                aria-current={list.status === s ? "page" : undefined}
                className={`btn ${list.status === s ? "btn-primary" : "btn-outline"} text-sm`}
              >
                {t(`filter.${s}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <SearchForm label={t("searchLabel")} value={list.q} hidden={{ status: list.status === "all" ? null : list.status }} />
      {list.rows.length === 0 ? (
        <EmptyState>{list.q ? t("noResults", { q: list.q }) : t(`empty.${list.status}`)}</EmptyState>
      ) : (
        <DataTable caption={t("caption", { count: list.total })}>
          <thead>
            <tr>
              <th scope="col">{t("columns.code")}</th>
              <th scope="col">{t("columns.discount")}</th>
              <th scope="col" className="text-right">
                {t("columns.uses")}
              </th>
              <th scope="col">{t("columns.expires")}</th>
              <th scope="col">{t("columns.status")}</th>
              <th scope="col">{t("columns.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((c) => (
              <tr key={c.id}>
                <td>
                  <span className="font-mono font-semibold">{c.code}</span>
                  {c.note ? <span className="block max-w-xs break-words text-sm text-muted-foreground">{c.note}</span> : null}
                </td>
                <td className="whitespace-nowrap">{discount(c)}</td>
                <td className="text-right tabular-nums">
                  {c.maxUses > 0 ? t("usesOf", { count: c.usesCount, max: c.maxUses }) : t("usesUnlimited", { count: c.usesCount })}
                </td>
                <td className="whitespace-nowrap">{c.expiresAt ? date(c.expiresAt) : t("noExpiry")}</td>
                <td>
                  {!c.isActive ? (
                    <Badge tone="neutral">{t("status.inactive")}</Badge>
                  ) : c.expired ? (
                    <Badge tone="danger">{t("status.expired")}</Badge>
                  ) : (
                    <Badge tone="positive">{t("status.active")}</Badge>
                  )}
                </td>
                <td>
                  <div className="flex flex-wrap gap-2">
                    <Link
                      to={href({ code: c.id, usesPage: null })}
                      className="btn btn-outline min-h-9 px-3 py-1 text-sm"
                      aria-label={t("openLabel", { code: c.code })}
                    >
                      {t("open")}
                    </Link>
                    {c.isActive ? (
                      <ConfirmAction
                        label={t("deactivate")}
                        question={t("confirmDeactivate", { code: c.code })}
                        confirmLabel={t("deactivateConfirm")}
                        intent="deactivate"
                        fields={{ promoCodeId: c.id }}
                      />
                    ) : (
                      <ConfirmAction
                        tone="primary"
                        label={t("reactivate")}
                        question={t("confirmReactivate", { code: c.code })}
                        confirmLabel={t("reactivateConfirm")}
                        intent="reactivate"
                        fields={{ promoCodeId: c.id }}
                      />
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <Pagination className="mt-4" page={list.page} pageCount={list.pageCount} total={list.total} />
    </>
  );
}
