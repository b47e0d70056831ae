import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useNavigation } from "react-router";
import { EmptyState } from "#app/components/ui/empty-state";
import { ActionToast } from "#app/features/admin/action-toast";
import { adminPage, orRefused, searchParamsOf, unknownIntent } from "#app/features/admin/route.server";
import { ActionResult, AdminErrorBoundary, AdminHeading, NOINDEX, type AdminActionResult } from "#app/features/admin/shell";
import { ItemDialog, ITEM_FIELDS } from "#app/features/avatar/admin/item-form";
import { ItemsTable } from "#app/features/avatar/admin/items-table";
import { RenderQueue } from "#app/features/avatar/admin/render-queue";
import { achievementName } from "#app/features/gamification/achievement-name";
import { actionFailure } from "#app/lib/form.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import { useHrefWith } from "#app/lib/use-href-with";
import type { Route } from "./+types/avatars";

export const handle = { i18n: ["admin", "admin-avatars"] };

/**
 * /admin/avatars (SPEC §2, §4), Admins: the items (a dialog opened by `?edit=<id>` or `new` adds or edits one
 * and takes its art), then the render queue filtered by `?status=` and paged by `?page=`.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, seo, locale } = adminPage(context, request);
  const character = context.services.character;
  const items = await orRefused(context, request, character.listAllItems(actor));
  const queue = await orRefused(context, request, character.listRenders(actor, searchParamsOf(request)));
  const badges = pageTools(context, request, "badges").t;
  const achievements = (await context.services.gamification.listAchievements()).map((a) => ({
    id: a.id,
    name: achievementName(badges, locale, a),
  }));
  const edit = new URL(request.url).searchParams.get("edit") ?? "";
  return {
    seo: seo("nav.avatars"),
    items,
    queue,
    achievements,
    artKeys: character.builtInArtKeys(),
    edit: edit === "new" || items.some((i) => i.id === edit) ? edit : null,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { actor } = adminPage(context, request);
  const character = context.services.character;
  const form = await request.formData();
  const name = String(form.get("name") ?? form.get("nameEn") ?? "");
  const done = (message: string, values: Record<string, string | number> = {}) =>
    ({ ok: true as const, message, messageValues: { name, ...values } }) satisfies AdminActionResult;
  const fields = () => Object.fromEntries(ITEM_FIELDS.map((f) => [f, form.get(f) ?? ""]));
  try {
    // The queue's row buttons name what they do and carry the render's id (one form for every row).
    if (form.has("requeue")) {
      await character.requeueRender(actor, { renderId: form.get("requeue") });
      return done("admin-avatars:renders.requeued");
    }
    if (form.has("force")) {
      const render = await character.forceRender(actor, { renderId: form.get("force") });
      return render.status === "done"
        ? done("admin-avatars:renders.forced_done")
        : done("admin-avatars:renders.forced_failed", { error: render.error ?? "" });
    }
    switch (form.get("intent")) {
      case "create-item": {
        const item = await character.createItem(actor, { id: form.get("id") ?? "", ...fields() });
        return done("admin-avatars:form.created", { name: item.nameEn });
      }
      case "update-item": {
        const item = await character.updateItem(actor, { itemId: form.get("itemId") ?? "", ...fields() });
        return done("admin-avatars:form.saved", { name: item.nameEn });
      }
      case "upload-art": {
        const file = form.get("art");
        const bytes = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : undefined;
        const item = await character.uploadItemArt(actor, { itemId: form.get("itemId"), bytes });
        return done("admin-avatars:form.artSaved", { name: item.nameEn });
      }
      case "retire-item": {
        const item = await character.retireItem(actor, { itemId: form.get("itemId"), retired: form.get("retired") });
        return done(item.retired ? "admin-avatars:form.retired" : "admin-avatars:form.restored", { name: item.nameEn });
      }
      case "cancel-render": {
        await character.cancelRender(actor, { renderId: form.get("renderId") });
        return done("admin-avatars:renders.cancelled");
      }
      default:
        return unknownIntent(form);
    }
  } catch (err) {
    return actionFailure(err, form);
  }
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

export default function AvatarsTab({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-avatars");
  const { locale } = useLocalePath();
  const location = useLocation();
  const navigate = useNavigate();
  const { items, queue, achievements, artKeys } = loaderData;
  const result = actionData as AdminActionResult | undefined;
  const hrefWith = useHrefWith();
  const closeHref = hrefWith({ edit: null });
  // A refused item form reopens its dialog (whatever the address); a saved one closes it.
  const failure = result && !result.ok ? result : undefined;
  const failedForm = typeof failure?.values.formId === "string" ? failure.values.formId : null;
  const editing = failedForm ? failedForm.replace(/^item-/, "") : result?.ok ? null : loaderData.edit;
  const editingItem = editing && editing !== "new" ? (items.find((i) => i.id === editing) ?? null) : null;
  const dialogOpen = editing === "new" || !!editingItem;
  const idle = useNavigation().state === "idle";
  useEffect(() => {
    if (idle && result?.ok && new URLSearchParams(location.search).has("edit"))
      navigate(closeHref, { replace: true, preventScrollReset: true });
  }, [idle, result, location.search, closeHref, navigate]);
  const achievementNames = Object.fromEntries(achievements.map((a) => [a.id, a.name]));
  return (
    <>
      <AdminHeading title={t("title")}>{t("lead")}</AdminHeading>
      <ActionToast result={result} />
      <div aria-live="polite" className="mb-4">
        {failure && !dialogOpen ? <ActionResult result={failure} /> : null}
      </div>
      <section aria-labelledby="items-heading">
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <h2 id="items-heading" className="text-xl font-bold">
            {t("items.heading", { count: items.length })}
          </h2>
          <Link to={hrefWith({ edit: "new" })} preventScrollReset className="btn btn-primary">
            {t("items.add")}
          </Link>
        </div>
        {items.length === 0 ? (
          <EmptyState>{t("items.empty")}</EmptyState>
        ) : (
          <ItemsTable items={items} achievementNames={achievementNames} editHref={(id) => hrefWith({ edit: id })} />
        )}
      </section>
      <RenderQueue queue={queue} locale={locale} />
      {dialogOpen ? (
        <ItemDialog
          key={editing}
          item={editingItem}
          failure={failure}
          closeHref={closeHref}
          achievements={achievements}
          artKeys={artKeys}
        />
      ) : null}
    </>
  );
}
