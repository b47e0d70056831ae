import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { EmptyState } from "#app/components/ui/empty-state";
import { RowList } from "#app/components/ui/list";
import { Pagination } from "#app/components/ui/pagination";
import { RelativeTime } from "#app/components/ui/relative-time";
import { ViewTabs } from "#app/components/ui/view-tabs";
import { orRefused, searchParamsOf } from "#app/features/admin/route.server";
import { AdminErrorBoundary, AdminHeading, NOINDEX } from "#app/features/admin/shell";
import { contactAdminPage } from "#app/features/contact/admin/contact-route.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import { CONTACT_FILTERS, INQUIRY_TYPES } from "#shared/contact";
import type { Route } from "./+types/contacts";

export const handle = { i18n: ["admin", "contact"] };

/** /admin/contacts (SPEC §2): contact messages, a tab per kind (personal, business), unread first, filtered and paged. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, contact, seo } = contactAdminPage(context, request);
  const list = await orRefused(context, request, contact.list(actor, searchParamsOf(request)));
  return { seo: seo("nav.contacts"), list };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

export default function ContactsTab({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("contact");
  const { to, locale } = useLocalePath();
  const { list } = loaderData;
  return (
    <>
      <AdminHeading title={t("admin.title")}>{t("admin.lead")}</AdminHeading>
      <ViewTabs
        label={t("admin.typesLabel")}
        tabs={INQUIRY_TYPES.map((type) => ({
          key: type,
          label: (
            <>
              {t(`admin.types.${type}`)}
              {list.unread[type] > 0 ? (
                <span className="tabular-nums"> ({t("admin.unreadCount", { count: list.unread[type] })})</span>
              ) : null}
            </>
          ),
          params: { type, filter: null },
          current: list.type === type,
        }))}
      />
      <ViewTabs
        label={t("admin.filtersLabel")}
        tabs={CONTACT_FILTERS.map((filter) => ({
          key: filter,
          label: t(`admin.filters.${filter}`),
          params: { filter: filter === "inbox" ? null : filter },
          current: list.filter === filter,
        }))}
      />
      <h2 className="sr-only">
        {t("admin.listHeading", { type: t(`admin.types.${list.type}`), filter: t(`admin.filters.${list.filter}`) })}
      </h2>
      {list.items.length === 0 ? (
        <EmptyState title={t(`admin.empty.${list.filter}.title`)}>{t(`admin.empty.${list.filter}.text`)}</EmptyState>
      ) : (
        <RowList label={t(`admin.types.${list.type}`)}>
          {list.items.map((m) => (
            <li key={m.id} className={`flex gap-3 py-3 ${m.read ? "" : "bg-primary/5"}`}>
              <div className="min-w-0 flex-1 px-2">
                <p className="flex flex-wrap items-center gap-2">
                  <Link to={to(`/admin/contacts/${m.id}`)} className={`link py-1 ${m.read ? "font-semibold" : "font-black"}`}>
                    {m.name}
                  </Link>
                  {m.read ? null : <Badge tone="info">{t("admin.unread")}</Badge>}
                  {m.replied ? <Badge tone="positive">{t("admin.replied")}</Badge> : null}
                  {m.archived ? <Badge>{t("admin.archived")}</Badge> : null}
                </p>
                <p className="text-sm text-muted-foreground break-all">
                  {m.email}
                  {m.company ? ` · ${m.company}` : ""} · {m.locale.toUpperCase()} · <RelativeTime date={m.createdAt} locale={locale} />
                </p>
                <p className="mt-1 line-clamp-2 text-sm">{m.excerpt}</p>
              </div>
            </li>
          ))}
        </RowList>
      )}
      <Pagination className="mt-4" page={list.page} pageCount={list.pageCount} total={list.total} />
    </>
  );
}
