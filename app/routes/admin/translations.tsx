import { useTranslation } from "react-i18next";
import { Badge } from "#app/components/ui/badge";
import { ConfirmAction } from "#app/components/ui/disclosure-form";
import { EmptyState } from "#app/components/ui/empty-state";
import { DataTable } from "#app/components/ui/table";
import { ActionToast } from "#app/features/admin/action-toast";
import { adminPage, orRefused, unknownIntent } from "#app/features/admin/route.server";
import { ActionResult, AdminErrorBoundary, AdminHeading, NOINDEX, type AdminActionResult } from "#app/features/admin/shell";
import { actionFailure } from "#app/lib/form.server";
import { seoMeta } from "#app/lib/seo";
import { useDateFormat } from "#app/lib/use-date-format";
import { I18N_MISSING_FLAG_THRESHOLD } from "#shared/announcements";
import type { Route } from "./+types/translations";

export const handle = { i18n: ["admin"] };

/**
 * /admin/translations (Admins): the texts browsers found missing while the setting "Report missing
 * translations" is on, one row per key with its count; a language with more than
 * I18N_MISSING_FLAG_THRESHOLD keys is flagged and falls back to English. Once the keys are added, the team
 * clears the records (per language, or all).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, seo } = adminPage(context, request);
  const site = context.services.site;
  const list = await orRefused(context, request, site.listMissingTranslations(actor));
  const { i18n_missing_enabled } = await context.services.settings.runtimeFlags();
  return { seo: seo("translations.title"), ...list, reporting: i18n_missing_enabled, abilities: site.adminAbilities(actor) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { actor } = adminPage(context, request);
  const form = await request.formData();
  try {
    if (form.get("intent") !== "clear-missing") return unknownIntent(form);
    const { lang, cleared } = await context.services.site.clearMissingTranslations(actor, { lang: form.get("lang") });
    return {
      ok: true as const,
      message: lang === "all" ? "admin:translations.clearedAll" : "admin:translations.cleared",
      messageValues: { count: cleared, lang: String(lang) },
    } satisfies AdminActionResult;
  } catch (err) {
    return actionFailure(err, form);
  }
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

export default function AdminTranslations({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { dateTime } = useDateFormat();
  const { languages, rows, reporting, abilities } = loaderData;
  const result = actionData as AdminActionResult | undefined;
  const total = languages.reduce((n, l) => n + l.keys, 0);
  return (
    <>
      <AdminHeading title={t("translations.title")}>
        <p>{t("translations.lead", { threshold: I18N_MISSING_FLAG_THRESHOLD })}</p>
        <p className="mt-2">{t("translations.help")}</p>
      </AdminHeading>
      <ActionToast result={result} />
      <div aria-live="polite" className="mb-4">
        {result && !result.ok ? <ActionResult result={result} /> : null}
      </div>
      <p className="mb-6 text-sm">
        <Badge tone={reporting ? "info" : "neutral"}>{t(reporting ? "translations.reportingOn" : "translations.reportingOff")}</Badge>
      </p>
      <ul className="row-list mb-8" aria-label={t("translations.languagesLabel")}>
        {languages.map((l) => (
          <li key={l.lang} className="flex flex-wrap items-center gap-3 py-3">
            <span className="font-semibold">{t(`translations.languages.${l.lang}`)}</span>
            <span className="text-sm text-muted-foreground">{t("translations.keys", { count: l.keys })}</span>
            {l.flagged ? <Badge tone="danger">{t("translations.flagged")}</Badge> : null}
            {l.keys > 0 && abilities.clearMissingTranslations ? (
              <span className="ml-auto">
                <ConfirmAction
                  label={t("translations.clear")}
                  question={t("translations.confirmClear", { count: l.keys, lang: t(`translations.languages.${l.lang}`) })}
                  confirmLabel={t("translations.confirmClearButton")}
                  intent="clear-missing"
                  fields={{ lang: l.lang }}
                />
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {rows.length === 0 ? (
        <EmptyState>{t("translations.empty")}</EmptyState>
      ) : (
        <>
          <DataTable caption={t("translations.tableCaption", { count: total })}>
            <thead>
              <tr>
                <th scope="col">{t("translations.columns.key")}</th>
                <th scope="col">{t("translations.columns.count")}</th>
                <th scope="col">{t("translations.columns.lang")}</th>
                <th scope="col">{t("translations.columns.route")}</th>
                <th scope="col">{t("translations.columns.lastSeen")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <th scope="row" className="font-mono text-sm [overflow-wrap:anywhere]">
                    {r.namespace}:{r.key}
                  </th>
                  <td className="tabular-nums">{r.count}</td>
                  <td>{r.lang}</td>
                  <td className="font-mono text-sm [overflow-wrap:anywhere]">{r.route}</td>
                  <td className="whitespace-nowrap">{dateTime(r.lastSeenAt)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          {abilities.clearMissingTranslations ? (
            <div className="mt-4">
              <ConfirmAction
                label={t("translations.clearAll")}
                question={t("translations.confirmClearAll", { count: total })}
                confirmLabel={t("translations.confirmClearButton")}
                intent="clear-missing"
                fields={{ lang: "all" }}
              />
            </div>
          ) : null}
        </>
      )}
    </>
  );
}
