import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useNavigation } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { EmptyState } from "#app/components/ui/empty-state";
import { DataTable } from "#app/components/ui/table";
import { ActionToast } from "#app/features/admin/action-toast";
import { adminPage, orRefused, unknownIntent } from "#app/features/admin/route.server";
import { ActionResult, AdminErrorBoundary, AdminHeading, NOINDEX, type AdminActionResult } from "#app/features/admin/shell";
import { eventTimeParts } from "#app/features/home/event-time";
import { ANNOUNCEMENT_FIELDS, AnnouncementDialog } from "#app/features/site/admin/announcement-form";
import { actionFailure } from "#app/lib/form.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import { useHrefWith } from "#app/lib/use-href-with";
import type { Route } from "./+types/announcements";

export const handle = { i18n: ["admin"] };

/**
 * /admin/announcements (Admins): the announced events shown in the side panel's card 4 and on the home page,
 * past ones included (they drop off the public pages by themselves). The dialog opens from the address
 * (`?edit=<id>` or `new`), so it works without JavaScript.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, seo, locale } = adminPage(context, request);
  const site = context.services.site;
  const list = await orRefused(context, request, site.listAnnouncements(actor));
  const now = new Date();
  const rows = list.map((a) => ({ ...a, title: a.titles[locale] || a.titles.en, past: new Date(a.startsAt) < now }));
  const edit = new URL(request.url).searchParams.get("edit") ?? "";
  return {
    seo: seo("announcements.title"),
    rows,
    abilities: site.adminAbilities(actor),
    edit: edit === "new" || rows.some((r) => r.id === edit) ? edit : null,
  };
}

/** The banner sent with the form, or null when no file was chosen. */
async function bannerOf(form: FormData): Promise<Uint8Array | null> {
  const file = form.get("image");
  return file && typeof file === "object" && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
}

/** Banner refusals are said beside the file field. */
const IMAGE_FIELD = Object.fromEntries(
  ["site.announcement_image_required", "site.announcement_image_too_large", "accounts.avatar_type", "images.dimensions"].map((c) => [
    c,
    "image",
  ]),
);

export async function action({ context, request }: Route.ActionArgs) {
  const { actor } = adminPage(context, request);
  const site = context.services.site;
  const form = await request.formData();
  const fields = Object.fromEntries(ANNOUNCEMENT_FIELDS.map((f) => [f, String(form.get(f) ?? "")]));
  const done = (message: string, title: string) => ({ ok: true as const, message, messageValues: { title } }) satisfies AdminActionResult;
  try {
    switch (form.get("intent")) {
      case "create-announcement": {
        const created = await site.createAnnouncement(actor, { fields, image: await bannerOf(form) });
        return done("admin:announcements.created", created.titles.en);
      }
      case "update-announcement": {
        const updated = await site.updateAnnouncement(actor, { id: form.get("id"), fields, image: await bannerOf(form) });
        return done("admin:announcements.saved", updated.titles.en);
      }
      case "delete-announcement": {
        const removed = await site.deleteAnnouncement(actor, { id: form.get("id") });
        return done("admin:announcements.deleted", removed.title);
      }
      default:
        return unknownIntent(form);
    }
  } catch (err) {
    return actionFailure(err, form, IMAGE_FIELD);
  }
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

export default function AdminAnnouncements({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { locale } = useLocalePath();
  const location = useLocation();
  const navigate = useNavigate();
  const { rows, abilities } = loaderData;
  const result = actionData as AdminActionResult | undefined;
  const hrefWith = useHrefWith();
  const closeHref = hrefWith({ edit: null });
  // A failed submit reopens its form; a saved one closes the dialog.
  const failure = result && !result.ok ? result : undefined;
  const failedForm =
    typeof failure?.values.formId === "string" ? failure.values.formId : failure?.values.id ? `announcement-${failure.values.id}` : null;
  const editing = failedForm ? failedForm.replace(/^announcement-/, "") : result?.ok ? null : loaderData.edit;
  const editingRow = editing && editing !== "new" ? (rows.find((r) => r.id === editing) ?? null) : null;
  const dialogOpen = (editing === "new" && abilities.createAnnouncement) || (!!editingRow && abilities.updateAnnouncement);
  const idle = useNavigation().state === "idle";
  useEffect(() => {
    if (idle && result?.ok && new URLSearchParams(location.search).has("edit"))
      navigate(closeHref, { replace: true, preventScrollReset: true });
  }, [idle, result, location.search, closeHref, navigate]);
  return (
    <>
      <AdminHeading title={t("announcements.title")}>
        <p>{t("announcements.lead")}</p>
        <p className="mt-2">{t("announcements.help")}</p>
      </AdminHeading>
      <ActionToast result={result} />
      <div aria-live="polite" className="mb-4">
        {failure && !dialogOpen ? <ActionResult result={failure} /> : null}
      </div>
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-xl font-bold">{t("announcements.listTitle", { count: rows.length })}</h2>
        {abilities.createAnnouncement ? (
          <Link to={hrefWith({ edit: "new" })} preventScrollReset className="btn btn-primary">
            {t("announcements.add")}
          </Link>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <EmptyState>{t("announcements.empty")}</EmptyState>
      ) : (
        <DataTable caption={t("announcements.tableCaption")} captionHidden>
          <thead>
            <tr>
              <th scope="col">{t("announcements.columns.title")}</th>
              <th scope="col">{t("announcements.columns.when")}</th>
              <th scope="col">{t("announcements.columns.status")}</th>
              <th scope="col">{t("announcements.columns.channel")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const when = eventTimeParts(r.startsAt, locale, r.timeZone);
              return (
                <tr key={r.id}>
                  <th scope="row" className="font-semibold">
                    {abilities.updateAnnouncement ? (
                      <Link to={hrefWith({ edit: r.id })} preventScrollReset className="link inline-flex min-h-6 items-center">
                        {r.title}
                      </Link>
                    ) : (
                      r.title
                    )}
                  </th>
                  <td>
                    <span className="block whitespace-nowrap">{when.when}</span>
                    <span className="block text-xs text-muted-foreground">{when.zone}</span>
                  </td>
                  <td>
                    <Badge tone={r.past ? "neutral" : "positive"}>{t(r.past ? "announcements.past" : "announcements.upcoming")}</Badge>
                  </td>
                  <td className="max-w-56 truncate" title={r.videoUrl}>
                    {new URL(r.videoUrl).host}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      )}
      {dialogOpen ? (
        <AnnouncementDialog
          key={editing}
          announcement={editingRow}
          failure={failure}
          closeHref={closeHref}
          canDelete={abilities.deleteAnnouncement}
        />
      ) : null}
    </>
  );
}
