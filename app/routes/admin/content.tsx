import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
import { EditDialog } from "#app/components/ui/edit-dialog";
import { EmptyState } from "#app/components/ui/empty-state";
import { FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { ActionToast } from "#app/features/admin/action-toast";
import { adminPage, orRefused, unknownIntent } from "#app/features/admin/route.server";
import { AdminErrorBoundary, AdminHeading, NOINDEX, type AdminActionResult } from "#app/features/admin/shell";
import { fileBytes, itemFields, withTicked } from "#app/features/content/admin/content.server";
import { ItemFields, itemValues } from "#app/features/content/admin/item-form";
import { ItemsTable } from "#app/features/content/admin/items-table";
import { localTitle } from "#app/features/content/content-card";
import { FailureAlert } from "#app/features/content/admin/failure-alert";
import { actionFailure } from "#app/lib/form.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import { useHrefWith } from "#app/lib/use-href-with";
import { CONTENT_INTENTS as I, type ContentKind } from "#shared/content";
import type { Route } from "./+types/content";

export const handle = { i18n: ["admin", "content"] };

/** What the content tab's actions answer: the shared result, and a note when YouTube's thumbnail could not be fetched. */
type ContentActionResult = AdminActionResult & { note?: string };

/**
 * /admin/content (Admins): the videos and the podcast episodes in the order visitors see them, each moved,
 * published, edited (a dialog opened by the address, `?edit=video:<id>` or `new-video`) or deleted after a
 * confirmation. Every form works before JavaScript.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, seo } = adminPage(context, request);
  const c = context.services.content;
  const [videos, episodes, collaborators] = await orRefused(
    context,
    request,
    Promise.all([c.listVideos(actor), c.listEpisodes(actor), c.listCollaborators(actor)]),
  );
  const edit = new URL(request.url).searchParams.get("edit") ?? "";
  const known =
    edit === "new-video" ||
    edit === "new-episode" ||
    videos.some((v) => edit === `video:${v.id}`) ||
    episodes.some((e) => edit === `episode:${e.id}`);
  return {
    seo: seo("nav.content"),
    abilities: c.abilities(actor),
    videos,
    episodes,
    collaborators: collaborators.map((p) => ({ id: p.id, name: p.name })),
    edit: known ? edit : null,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { actor } = adminPage(context, request);
  const c = context.services.content;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const kind = String(form.get("kind") ?? "");
  const id = String(form.get("id") ?? "");
  const done = (message: string, title: string, note?: string): ContentActionResult => ({
    ok: true,
    message: `content:admin.content.${message}`,
    messageValues: { title },
    ...(note ? { note } : {}),
  });
  try {
    switch (intent) {
      case I.create: {
        const r = await c.createItem(actor, {
          kind,
          fields: itemFields(form),
          published: form.get("published") === "on",
          thumbnail: await fileBytes(form, "thumbnail"),
        });
        return done("created", r.title, r.thumbnailFailed ? "content:admin.content.thumbnailFailed" : undefined);
      }
      case I.update: {
        const r = await c.updateItem(actor, { kind, id, fields: itemFields(form), thumbnail: await fileBytes(form, "thumbnail") });
        return done("saved", r.title, r.thumbnailFailed ? "content:admin.content.thumbnailFailed" : undefined);
      }
      case I.delete: {
        const r = await c.deleteItem(actor, { kind, id });
        return done("deleted", String(form.get("title") ?? r.title));
      }
      case I.moveUp:
      case I.moveDown: {
        const r = await c.moveItem(actor, { kind, id, direction: intent === I.moveUp ? "up" : "down" });
        return done("moved", String(form.get("title") ?? r.title));
      }
      case I.publish:
      case I.unpublish: {
        const r = await c.publishItem(actor, { kind, id, published: intent === I.publish });
        return done(intent === I.publish ? "publishedDone" : "unpublishedDone", String(form.get("title") ?? r.title));
      }
      default:
        return unknownIntent(form);
    }
  } catch (err) {
    const answer = actionFailure(err, form);
    if (intent !== I.create && intent !== I.update) return answer;
    return data(withTicked(answer.data, form), answer.init ?? undefined);
  }
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

export default function AdminContent({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const location = useLocation();
  const navigate = useNavigate();
  const { locale } = useLocalePath();
  const { videos, episodes, collaborators, abilities } = loaderData;
  const result = actionData as ContentActionResult | undefined;
  const hrefWith = useHrefWith();
  const closeHref = hrefWith({ edit: null });
  const failure = result && !result.ok ? result : undefined;
  const failedForm = failure && (failure.values.intent === I.create || failure.values.intent === I.update) ? failure.values.formId : null;
  const editing = failedForm ?? (result?.ok ? null : loaderData.edit);
  const idle = useNavigation().state === "idle";
  useEffect(() => {
    // Closing the dialog is a navigation, which forgets the action's answer: its note goes along in the history
    // state, so the admin still reads it (a video saved without YouTube's thumbnail says so).
    if (idle && result?.ok && new URLSearchParams(location.search).has("edit"))
      navigate(closeHref, { replace: true, preventScrollReset: true, state: result.note ? { note: result.note } : undefined });
  }, [idle, result, location.search, closeHref, navigate]);
  const note = result?.ok ? result.note : (location.state as { note?: string } | null)?.note;

  const [editKind, editId] = editing?.startsWith("new-")
    ? [editing.slice(4) as ContentKind, null]
    : ((editing?.split(":") ?? [null, null]) as [ContentKind | null, string | null]);
  const editRow =
    editKind === "video" ? videos.find((v) => v.id === editId) : editKind === "episode" ? episodes.find((e) => e.id === editId) : undefined;
  const dialogOpen = !!editKind && (editId === null || !!editRow);

  return (
    <>
      <AdminHeading title={t("admin.content.title")}>
        <p>{t("admin.content.lead")}</p>
      </AdminHeading>
      <ActionToast result={result} />
      <div aria-live="polite" className="mb-4 space-y-2">
        {failure && !dialogOpen ? <FailureAlert tab="content" failure={failure} /> : null}
        {note ? <FormAlert variant="info" message={note} /> : null}
      </div>
      {(["video", "episode"] as const).map((kind) => {
        const rows = kind === "video" ? videos : episodes;
        return (
          <section key={kind} className="mb-10 space-y-3" aria-labelledby={`${kind}-heading`}>
            <div className="flex flex-wrap items-end justify-between gap-3">
              <h2 id={`${kind}-heading`} className="text-xl font-bold">
                {t(kind === "video" ? "admin.content.videos" : "admin.content.episodes")}
              </h2>
              {abilities.create ? (
                <Link to={hrefWith({ edit: `new-${kind}` })} preventScrollReset className="btn btn-primary">
                  {t(kind === "video" ? "admin.content.addVideo" : "admin.content.addEpisode")}
                </Link>
              ) : null}
            </div>
            {rows.length ? (
              <ItemsTable kind={kind} rows={rows} abilities={abilities} editHref={(edit) => hrefWith({ edit })} />
            ) : (
              <EmptyState>{t(kind === "video" ? "admin.content.emptyVideos" : "admin.content.emptyEpisodes")}</EmptyState>
            )}
          </section>
        );
      })}
      {dialogOpen && editKind ? (
        <EditDialog
          key={editing}
          title={
            editRow
              ? t(editKind === "video" ? "admin.content.editVideo" : "admin.content.editEpisode", { title: localTitle(locale, editRow) })
              : t(editKind === "video" ? "admin.content.addVideo" : "admin.content.addEpisode")
          }
          closeHref={closeHref}
        >
          <Form method="post" encType="multipart/form-data" className="space-y-4" preventScrollReset>
            <input type="hidden" name="intent" value={editRow ? I.update : I.create} />
            <input type="hidden" name="formId" value={editing ?? ""} />
            <input type="hidden" name="kind" value={editKind} />
            {editRow ? <input type="hidden" name="id" value={editRow.id} /> : null}
            {failure ? <FailureAlert tab="content" failure={failure} /> : null}
            <ItemFields
              kind={editKind}
              values={failure ? failure.values : editRow ? itemValues(editRow) : {}}
              failure={failure}
              collaborators={collaborators}
              isNew={!editRow}
            />
            <div className="flex flex-wrap items-center gap-3">
              <SubmitButton pendingLabel={t("admin.content.saving")}>
                {editRow ? t("admin.content.save") : t("admin.content.create")}
              </SubmitButton>
              <Link to={closeHref} preventScrollReset className="btn btn-ghost">
                {t("admin.content.cancel")}
              </Link>
            </div>
          </Form>
        </EditDialog>
      ) : null}
    </>
  );
}
