import { useTranslation } from "react-i18next";
import { EmptyState } from "#app/components/ui/empty-state";
import { Pagination } from "#app/components/ui/pagination";
import { ViewTabs } from "#app/components/ui/view-tabs";
import { ActionToast } from "#app/features/admin/action-toast";
import { ActionResult, AdminErrorBoundary, AdminHeading, NOINDEX } from "#app/features/admin/shell";
import { CreateRoomForm } from "#app/features/rooms/admin/create-room-form";
import { RoomsList } from "#app/features/rooms/admin/rooms-list";
import { roomsTabAction, roomsTabData, type RoomsActionResult } from "#app/features/rooms/admin/rooms-route.server";
import { RoomSettingsForm } from "#app/features/rooms/admin/settings-form";
import { seoMeta } from "#app/lib/seo";
import type { Locale } from "#shared/locales";
import { EPISODE_STATUSES } from "#shared/rooms";
import type { Route } from "./+types/episode-rooms";

export const handle = { i18n: ["admin", "admin-rooms"] };

/**
 * /admin/episode-rooms (SPEC §2 "episode rooms", for Admins and hosts): what rooms are, opening one with its
 * guest's invitation, and the rooms one hosts (an Admin: every room) with their status, invitation link and guest
 * access, publishing and the files' purge. Every form works before JavaScript.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  return roomsTabData(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  return roomsTabAction(context, request, await request.formData());
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

export default function EpisodeRoomsTab({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-rooms");
  const { abilities, list, podcasts, settings, locale } = loaderData;
  const result = actionData as RoomsActionResult | undefined;
  const failure = result && !result.ok ? result : undefined;
  const failed = failure?.values.intent;
  const filtered = list.status !== "all" || list.host === "mine";
  return (
    <>
      <AdminHeading title={t("title")}>
        <h2 className="sr-only">{t("help.heading")}</h2>
        <div className="space-y-2">
          <p>{t("help.what")}</p>
          <p>{t("help.who")}</p>
          <p>{t("help.guests", { count: list.tokenDays })}</p>
          <p>{t("help.publish")}</p>
        </div>
      </AdminHeading>
      <ActionToast result={result} />
      <div aria-live="polite" className="mb-4 space-y-2">
        {failure ? <ActionResult result={failure} /> : null}
      </div>
      {abilities.create ? (
        <CreateRoomForm podcasts={podcasts} failure={failed === "create" ? failure : undefined} locale={locale as Locale} />
      ) : null}
      <section aria-labelledby="rooms-heading" className="space-y-3">
        <h2 id="rooms-heading" className="text-2xl font-bold">
          {t("list.heading")}
        </h2>
        <ViewTabs
          label={t("list.statusFilter")}
          tabs={(["all", ...EPISODE_STATUSES] as const).map((s) => ({
            key: s,
            label: s === "all" ? t("list.all") : t(`status.${s}`),
            params: { status: s === "all" ? null : s },
            current: list.status === s,
          }))}
        />
        {list.seesAll ? (
          <ViewTabs
            label={t("list.hostFilter")}
            tabs={(["all", "mine"] as const).map((h) => ({
              key: h,
              label: t(`list.hosts.${h}`),
              params: { host: h === "all" ? null : h },
              current: list.host === h,
            }))}
          />
        ) : null}
        {list.items.length === 0 ? (
          filtered ? (
            <EmptyState title={t("list.emptyFilteredTitle")}>{t("list.emptyFilteredText")}</EmptyState>
          ) : (
            <EmptyState title={t("list.emptyTitle")}>{t("list.emptyText")}</EmptyState>
          )
        ) : (
          <RoomsList rooms={list.items} seesAll={list.seesAll} />
        )}
        <Pagination className="mt-4" page={list.page} pageCount={list.pageCount} total={list.total} />
      </section>
      {settings ? <RoomSettingsForm settings={settings} failure={failed === "settings" ? failure : undefined} /> : null}
    </>
  );
}
