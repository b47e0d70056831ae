import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
import { ConfirmAction } from "#app/components/ui/disclosure-form";
import { EditDialog } from "#app/components/ui/edit-dialog";
import { EmptyState } from "#app/components/ui/empty-state";
import { FileInput } from "#app/components/ui/file-input";
import { Field, SubmitButton } from "#app/components/ui/form-field";
import { DataTable } from "#app/components/ui/table";
import { ActionToast } from "#app/features/admin/action-toast";
import { adminPage, orRefused, unknownIntent } from "#app/features/admin/route.server";
import { AdminErrorBoundary, AdminHeading, NOINDEX, type AdminActionResult } from "#app/features/admin/shell";
import { collaboratorFields, fileBytes } from "#app/features/content/admin/content.server";
import { CollaboratorAvatar } from "#app/features/content/collaborator-list";
import { FailureAlert } from "#app/features/content/admin/failure-alert";
import { actionFailure } from "#app/lib/form.server";
import { seoMeta } from "#app/lib/seo";
import { useHrefWith } from "#app/lib/use-href-with";
import { CONTENT_INTENTS as I, CONTENT_LIMITS } from "#shared/content";
import type { Route } from "./+types/collaborators";

export const handle = { i18n: ["admin", "content"] };

const LINKS = ["twitterUrl", "youtubeUrl", "twitchUrl"] as const;

/**
 * /admin/collaborators (Admins): the people who appear in the videos and episodes, with their appearances;
 * added and edited in a dialog opened by the address (`?edit=<id>` or `new`, with an avatar upload), deleted
 * after a confirmation.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, seo } = adminPage(context, request);
  const c = context.services.content;
  const rows = await orRefused(context, request, c.listCollaborators(actor));
  const edit = new URL(request.url).searchParams.get("edit") ?? "";
  return {
    seo: seo("nav.collaborators"),
    abilities: c.abilities(actor),
    rows,
    edit: edit === "new" || rows.some((r) => r.id === edit) ? edit : null,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { actor } = adminPage(context, request);
  const c = context.services.content;
  const form = await request.formData();
  const done = (message: string, name: string): AdminActionResult => ({
    ok: true,
    message: `content:admin.collaborators.${message}`,
    messageValues: { name },
  });
  try {
    switch (form.get("intent")) {
      case I.create: {
        const r = await c.createCollaborator(actor, { fields: collaboratorFields(form), avatar: await fileBytes(form, "avatar") });
        return done("created", r.name);
      }
      case I.update: {
        const r = await c.updateCollaborator(actor, {
          id: form.get("id"),
          fields: collaboratorFields(form),
          avatar: await fileBytes(form, "avatar"),
        });
        return done("saved", r.name);
      }
      case I.delete: {
        const r = await c.deleteCollaborator(actor, { id: form.get("id") });
        return done("deleted", r.name);
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

export default function AdminCollaborators({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const location = useLocation();
  const navigate = useNavigate();
  const { rows, abilities } = loaderData;
  const result = actionData as AdminActionResult | undefined;
  const hrefWith = useHrefWith();
  const closeHref = hrefWith({ edit: null });
  const failure = result && !result.ok ? result : undefined;
  const failedForm = failure && failure.values.intent !== I.delete ? failure.values.id || "new" : null;
  const editing = failedForm ?? (result?.ok ? null : loaderData.edit);
  const editRow = editing && editing !== "new" ? rows.find((r) => r.id === editing) : undefined;
  const dialogOpen = editing === "new" || !!editRow;
  const idle = useNavigation().state === "idle";
  useEffect(() => {
    if (idle && result?.ok && new URLSearchParams(location.search).has("edit"))
      navigate(closeHref, { replace: true, preventScrollReset: true });
  }, [idle, result, location.search, closeHref, navigate]);
  const values = failure
    ? failure.values
    : editRow
      ? { name: editRow.name, ...Object.fromEntries(LINKS.map((k) => [k, editRow[k] ?? ""])) }
      : {};
  return (
    <>
      <AdminHeading title={t("admin.collaborators.title")}>
        <p>{t("admin.collaborators.lead")}</p>
      </AdminHeading>
      <ActionToast result={result} />
      <div aria-live="polite" className="mb-4">
        {failure && !dialogOpen ? <FailureAlert tab="collaborators" failure={failure} /> : null}
      </div>
      <div className="mb-3 flex justify-end">
        {abilities.createCollaborator ? (
          <Link to={hrefWith({ edit: "new" })} preventScrollReset className="btn btn-primary">
            {t("admin.collaborators.add")}
          </Link>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <EmptyState>{t("admin.collaborators.empty")}</EmptyState>
      ) : (
        <DataTable caption={t("admin.collaborators.table")} captionHidden>
          <thead>
            <tr>
              <th scope="col">{t("admin.collaborators.columns.name")}</th>
              <th scope="col">{t("admin.collaborators.columns.appearances")}</th>
              <th scope="col">{t("admin.collaborators.columns.links")}</th>
              <th scope="col">{t("admin.collaborators.columns.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <th scope="row">
                  <span className="flex items-center gap-2 font-semibold">
                    <CollaboratorAvatar c={r} size={32} />
                    {r.name}
                  </span>
                </th>
                <td className="tabular-nums">{r.appearances}</td>
                <td>
                  <ul className="flex flex-wrap gap-2 text-sm">
                    {(["twitter", "youtube", "twitch"] as const).map((n) => {
                      const href = r[`${n}Url`];
                      return href ? (
                        <li key={n}>
                          <a
                            href={href}
                            className="link inline-flex min-h-6 items-center whitespace-nowrap"
                            rel="noopener noreferrer nofollow"
                            target="_blank"
                          >
                            {t(`collaborators.${n}`, { name: r.name })}
                          </a>
                        </li>
                      ) : null;
                    })}
                  </ul>
                </td>
                <td>
                  <div className="flex flex-wrap items-start gap-2">
                    {abilities.updateCollaborator ? (
                      <Link to={hrefWith({ edit: r.id })} preventScrollReset className="btn btn-outline min-h-9 px-3 py-1 text-sm">
                        {t("admin.collaborators.edit")}
                      </Link>
                    ) : null}
                    {abilities.deleteCollaborator ? (
                      <ConfirmAction
                        label={t("admin.collaborators.delete")}
                        question={t("admin.collaborators.confirmDelete", { name: r.name })}
                        confirmLabel={t("admin.collaborators.confirmDeleteButton")}
                        intent={I.delete}
                        fields={{ id: r.id }}
                      />
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {dialogOpen ? (
        <EditDialog
          key={editing}
          title={editRow ? t("admin.collaborators.editTitle", { name: editRow.name }) : t("admin.collaborators.addTitle")}
          closeHref={closeHref}
        >
          <Form method="post" encType="multipart/form-data" className="space-y-4" preventScrollReset>
            <input type="hidden" name="intent" value={editRow ? I.update : I.create} />
            {editRow ? <input type="hidden" name="id" value={editRow.id} /> : null}
            {failure ? <FailureAlert tab="collaborators" failure={failure} /> : null}
            <Field
              label={t("admin.collaborators.fields.name")}
              name="name"
              defaultValue={values.name}
              error={failure?.fieldErrors.name}
              required
              maxLength={CONTENT_LIMITS.nameMax}
            />
            <FileInput
              label={t("admin.collaborators.fields.avatar")}
              name="avatar"
              hint={t("admin.collaborators.fields.avatarHint")}
              error={failure?.fieldErrors.avatar}
              accept="image/png,image/jpeg,image/webp"
            />
            {LINKS.map((k) => (
              <Field
                key={k}
                label={t(`admin.collaborators.fields.${k}`)}
                name={k}
                hint={t("admin.collaborators.fields.linkHint")}
                defaultValue={values[k]}
                error={failure?.fieldErrors[k]}
                type="url"
                inputMode="url"
              />
            ))}
            <div className="flex flex-wrap items-center gap-3">
              <SubmitButton pendingLabel={t("admin.collaborators.saving")}>
                {editRow ? t("admin.collaborators.save") : t("admin.collaborators.create")}
              </SubmitButton>
              <Link to={closeHref} preventScrollReset className="btn btn-ghost">
                {t("admin.collaborators.cancel")}
              </Link>
            </div>
          </Form>
        </EditDialog>
      ) : null}
    </>
  );
}
