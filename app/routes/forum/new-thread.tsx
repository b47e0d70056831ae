import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import { Field, FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { requireForum } from "#app/features/forum/gate.server";
import { MarkdownBody, PreviewButton } from "#app/features/forum/post-editor";
import { Breadcrumbs, localized, tagName } from "#app/features/forum/ui";
import type { FormFailure } from "#app/lib/form";
import { actionFailure } from "#app/lib/form.server";
import { nameParam, requireUser } from "#app/lib/guards.server";
import { isNotFound, pageErrorFor } from "#app/lib/page-error.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/new-thread";

export const handle = { i18n: ["forum"] };
export { actionHeaders as headers } from "#app/lib/route-headers";

/** Tags travel back to the form as one comma-separated value (a form's values keep one string per name). */
const TAGS_SEP = ",";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  nameParam(params.forumSlug);
  await requireForum(context);
  const actor = requireUser(context, request);
  const { t, seo, locale } = pageTools(context, request, "forum");
  const form = await context.services.forum.threadForm(actor, { forumSlug: params.forumSlug }).catch(pageErrorFor);
  const forumTitle = localized(locale, form.forum.titleEs, form.forum.titleEn);
  return data(
    { seo: seo({ title: t("newThread.title", { forum: forumTitle }), description: t("newThread.description"), noindex: true }), form },
    { status: form.refusal ? 403 : 200 },
  );
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

type PreviewResult = { ok: true; intent: "preview"; preview: string; values: Record<string, string> };

export async function action({ context, request, params }: Route.ActionArgs) {
  nameParam(params.forumSlug);
  await requireForum(context);
  const actor = requireUser(context, request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "create");
  const tags = formData.getAll("tags").map(String).filter(Boolean);
  const sent = new FormData();
  sent.set("intent", intent);
  sent.set("title", String(formData.get("title") ?? ""));
  sent.set("body", String(formData.get("body") ?? ""));
  sent.set("tags", tags.join(TAGS_SEP));
  const forum = context.services.forum;
  try {
    if (intent === "preview") {
      const { html } = await forum.previewPost(actor, { body: sent.get("body") });
      const result: PreviewResult = {
        ok: true,
        intent: "preview",
        preview: html,
        values: Object.fromEntries([...sent].map(([k, v]) => [k, String(v)])),
      };
      return result;
    }
    const created = await forum.createThread(actor, {
      forumSlug: params.forumSlug,
      title: sent.get("title"),
      body: sent.get("body"),
      tags,
    });
    // ?created=1: the thread page confirms (a toast, or a line without JavaScript) and drops it from the address.
    return redirect(`${context.localePrefix}/community/${created.forumSlug}/${created.slug}?created=1`, 303);
  } catch (err) {
    if (isNotFound(err)) pageErrorFor(err);
    return actionFailure(err, sent, { "forum.tag_unknown": "tags", "forum.too_many_tags": "tags", "forum.duplicate_post": "body" });
  }
}

export default function NewThread({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("forum");
  const { locale, to } = useLocalePath();
  const { form } = loaderData;
  const forumTitle = localized(locale, form.forum.titleEs, form.forum.titleEn);
  const failure = actionData && !actionData.ok ? (actionData as FormFailure) : undefined;
  const preview = actionData && actionData.ok ? (actionData as PreviewResult) : undefined;
  const values = failure?.values ?? preview?.values;
  const chosen = new Set((values?.tags ?? "").split(TAGS_SEP).filter(Boolean));
  return (
    <div className="max-w-3xl space-y-6">
      <Breadcrumbs
        items={[
          { to: to("/community"), label: t("index.title") },
          { to: to(`/community/${form.forum.slug}`), label: forumTitle },
          { label: t("forum.newThread") },
        ]}
      />
      <h1 className="text-3xl font-black">{t("newThread.heading")}</h1>
      {form.refusal ? (
        <FormAlert message={`errors:${form.refusal}`} />
      ) : (
        <Form method="post" className="card space-y-5 p-6" noValidate>
          <FormAlert message={failure?.formError} values={failure?.formErrorValues} />
          <Field
            label={t("newThread.titleLabel")}
            name="title"
            defaultValue={values?.title ?? ""}
            minLength={5}
            maxLength={150}
            required
            error={failure?.fieldErrors.title}
            hint={t("newThread.titleHint")}
          />
          <MarkdownBody
            label={t("newThread.bodyLabel")}
            defaultValue={values?.body ?? ""}
            error={failure?.fieldErrors.body}
            errorValues={failure?.formErrorValues}
            preview={preview?.preview}
          />
          {form.tags.length ? (
            <fieldset className="space-y-2" aria-describedby="tags-hint">
              <legend className="text-sm font-semibold">{t("newThread.tagsLabel")}</legend>
              <p id="tags-hint" className="text-sm text-muted-foreground">
                {t("newThread.tagsHint")}
              </p>
              <div className="flex flex-wrap gap-3">
                {form.tags.map((tag) => (
                  <label key={tag.slug} className="inline-flex items-center gap-2 rounded-full border border-border px-3 py-1 text-sm">
                    <input type="checkbox" name="tags" value={tag.slug} defaultChecked={chosen.has(tag.slug)} />
                    {tagName(locale, tag)}
                  </label>
                ))}
              </div>
              {failure?.fieldErrors.tags ? <p className="text-sm font-medium text-danger">{t(failure.fieldErrors.tags)}</p> : null}
            </fieldset>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <SubmitButton name="intent" value="create">
              {t("newThread.submit")}
            </SubmitButton>
            <PreviewButton />
          </div>
        </Form>
      )}
    </div>
  );
}
