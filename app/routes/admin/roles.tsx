import { useTranslation } from "react-i18next";
import { adminPage, orRefused, searchParamsOf, unknownIntent } from "#app/features/admin/route.server";
import { ActionResult, AdminErrorBoundary, AdminHeading, NOINDEX, type AdminActionResult } from "#app/features/admin/shell";
import { Badge } from "#app/components/ui/badge";
import { ConfirmAction } from "#app/components/ui/disclosure-form";
import { EmptyState } from "#app/components/ui/empty-state";
import { Pagination } from "#app/components/ui/pagination";
import { SearchForm } from "#app/components/ui/search-form";
import { useDateFormat } from "#app/lib/use-date-format";
import { actionFailure } from "#app/lib/form.server";
import { seoMeta } from "#app/lib/seo";
import type { CapabilityTable as CapabilityTableData } from "#server/modules/admin";
import type { Route } from "./+types/roles";
import { TableFrame } from "#app/components/ui/table";

export const handle = { i18n: ["admin"] };

const MANAGED = ["Admin", "Moderator"] as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, admin, seo } = adminPage(context, request);
  const users = await orRefused(context, request, admin.listUsers(actor, searchParamsOf(request)));
  return { seo: seo("roles.title"), users, abilities: admin.abilities(actor), capabilities: admin.capabilities(), me: actor.userId };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { actor, admin } = adminPage(context, request);
  const form = await request.formData();
  const intent = form.get("intent");
  const input = { userId: form.get("userId"), role: form.get("role") };
  const name = String(form.get("name") ?? "");
  try {
    if (intent === "grant") {
      const r = await admin.grantRole(actor, input);
      return {
        ok: true,
        message: r.changed ? "admin:roles.granted" : "admin:roles.alreadyHas",
        messageValues: { role: String(input.role), name },
      } satisfies AdminActionResult;
    }
    if (intent === "revoke") {
      const r = await admin.revokeRole(actor, input);
      return {
        ok: true,
        message: r.changed ? "admin:roles.revoked" : "admin:roles.didNotHave",
        messageValues: { role: String(input.role), name },
      } satisfies AdminActionResult;
    }
    return unknownIntent(form);
  } catch (err) {
    return actionFailure(err, form);
  }
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

export default function Roles({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { date } = useDateFormat();
  const { users, abilities, capabilities, me } = loaderData;
  const mayChange = (role: string) => (role === "Admin" ? abilities.grantAdmin : abilities.grantModerator);
  return (
    <>
      <AdminHeading title={t("roles.title")}>{t("roles.lead")}</AdminHeading>
      <div aria-live="polite" className="mb-4">
        <ActionResult result={actionData as AdminActionResult | undefined} />
      </div>
      <SearchForm label={t("roles.searchLabel")} value={users.q} />
      {users.items.length === 0 ? (
        <EmptyState>{users.q ? t("roles.noResults", { q: users.q }) : t("roles.empty")}</EmptyState>
      ) : (
        <TableFrame label={t("roles.tableCaption")}>
          <table className="w-full text-sm">
            <caption className="sr-only">{t("roles.tableCaption")}</caption>
            <thead>
              <tr className="border-b border-border text-left">
                <th scope="col" className="p-3">
                  {t("users.username")}
                </th>
                <th scope="col" className="p-3">
                  {t("users.email")}
                </th>
                <th scope="col" className="p-3">
                  {t("users.profileRole")}
                </th>
                <th scope="col" className="p-3">
                  {t("roles.userRoles")}
                </th>
                <th scope="col" className="p-3">
                  {t("users.joined")}
                </th>
                <th scope="col" className="p-3">
                  {t("roles.changes")}
                </th>
              </tr>
            </thead>
            <tbody>
              {users.items.map((u) => {
                const name = u.username ?? u.email;
                return (
                  <tr key={u.id} className="border-b border-border align-top last:border-0">
                    <th scope="row" className="p-3 text-left font-semibold">
                      {u.username ?? "—"}
                      {u.id === me ? <span className="ml-1 font-normal text-muted-foreground">({t("roles.you")})</span> : null}
                    </th>
                    <td className="min-w-48 p-3 [overflow-wrap:anywhere]">
                      {u.email} {u.emailVerified ? null : <Badge tone="danger">{t("users.unverified")}</Badge>}
                    </td>
                    <td className="p-3">{u.profileRole ? t(`profileRoles.${u.profileRole}`) : "—"}</td>
                    <td className="p-3">
                      {u.roles.length ? (
                        <ul className="flex flex-wrap gap-1">
                          {u.roles.map((r) => (
                            <li key={r}>
                              <Badge tone="info">{t(`roleNames.${r}`, { defaultValue: r })}</Badge>
                            </li>
                          ))}
                        </ul>
                      ) : (
                        <span className="text-muted-foreground">{t("roles.none")}</span>
                      )}
                    </td>
                    <td className="p-3 whitespace-nowrap">{date(u.createdAt)}</td>
                    <td className="p-3">
                      <div className="flex flex-wrap gap-2">
                        {MANAGED.filter(mayChange).map((role) => {
                          const has = u.roles.includes(role);
                          const roleName = t(`roleNames.${role}`);
                          return has ? (
                            <ConfirmAction
                              key={`${role}-revoke`}
                              label={t("roles.revoke", { role: roleName })}
                              question={t("roles.confirmRevoke", { role: roleName, name })}
                              confirmLabel={t("roles.confirmRevokeButton", { role: roleName })}
                              intent="revoke"
                              fields={{ userId: u.id, role, name }}
                            />
                          ) : (
                            <ConfirmAction
                              key={`${role}-grant`}
                              tone="primary"
                              label={t("roles.grant", { role: roleName })}
                              question={t("roles.confirmGrant", { role: roleName, name })}
                              confirmLabel={t("roles.confirmGrantButton", { role: roleName })}
                              intent="grant"
                              fields={{ userId: u.id, role, name }}
                            />
                          );
                        })}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableFrame>
      )}
      <Pagination className="mt-4" page={users.page} pageCount={users.pageCount} total={users.total} />

      <section aria-labelledby="capabilities-heading" className="mt-10">
        <h2 id="capabilities-heading" className="text-xl font-bold">
          {t("roles.capabilities.title")}
        </h2>
        <p className="mt-1 text-muted-foreground">{t("roles.capabilities.lead")}</p>
        <CapabilityTable table={capabilities} />
      </section>
    </>
  );
}

/**
 * Every action of every policy, evaluated for each kind of person by the server (`capabilityTable`): rows by
 * area, a row per action (per case where whose content it is matters), "Yes" or "No" per kind of person.
 */
function CapabilityTable({ table }: { table: CapabilityTableData }) {
  const { t } = useTranslation("admin");
  const areas = [...new Set(table.rows.map((r) => r.area))];
  return (
    <TableFrame label={t("roles.capabilities.caption")} className="mt-4">
      <table className="w-full text-sm">
        <caption className="sr-only">{t("roles.capabilities.caption")}</caption>
        <thead>
          <tr className="border-b border-border text-left">
            <th scope="col" className="p-3">
              {t("capabilities.action")}
            </th>
            {table.roles.map((role) => (
              <th key={role} scope="col" className="p-3 text-center">
                {t(`capabilities.roles.${role}`)}
              </th>
            ))}
          </tr>
        </thead>
        {areas.map((area) => (
          <tbody key={area}>
            <tr className="border-b border-border bg-muted/40">
              <th scope="colgroup" colSpan={table.roles.length + 1} className="p-3 text-left font-bold">
                {t(`capabilities.areas.${area}`)}
              </th>
            </tr>
            {table.rows
              .filter((r) => r.area === area)
              .map((r) => {
                const action = t(`capabilities.actions.${r.action}`);
                return (
                  <tr key={`${r.action}-${r.case ?? ""}`} className="border-b border-border last:border-0">
                    <th scope="row" className="p-3 text-left font-normal">
                      {r.case ? t("capabilities.withCase", { action, case: t(`capabilities.cases.${r.case}`) }) : action}
                    </th>
                    {table.roles.map((role) => (
                      <td key={role} className="p-3 text-center">
                        {r.allowed[role] ? (
                          <span className="font-semibold text-positive">{t("capabilities.yes")}</span>
                        ) : (
                          <span className="text-muted-foreground">{t("capabilities.no")}</span>
                        )}
                      </td>
                    ))}
                  </tr>
                );
              })}
          </tbody>
        ))}
      </table>
    </TableFrame>
  );
}
