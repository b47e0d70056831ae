import { Icon } from "#app/components/ui/icon";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Field } from "#app/components/ui/form-field";
import { failureFor } from "#app/lib/form";
import { localized } from "#app/features/forum/ui";
import { adminPage, orRefused, unknownIntent } from "#app/features/admin/route.server";
import { ActionResult, AdminErrorBoundary, AdminHeading, NOINDEX, type AdminActionResult } from "#app/features/admin/shell";
import { ConfirmAction, FormDisclosure } from "#app/components/ui/disclosure-form";
import { EmptyState } from "#app/components/ui/empty-state";
import type { FormFailure } from "#app/lib/form";
import { actionFailure } from "#app/lib/form.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import { CONTENT_LIMITS } from "#shared/forum-limits";
import type { AdminCategory, AdminForum, AdminTag } from "#server/modules/forum/list-content";
import type { Route } from "./+types/content";

export const handle = { i18n: ["admin"] };

/** Admins only: the forum operations refuse anyone else, which the loader turns into a 403 page. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, seo } = adminPage(context, request);
  const content = await orRefused(context, request, context.services.forum.listContent(actor));
  return { seo: seo("forum.content.title"), content };
}

/** Every form posts its fields as they are; `formId` tells the page which form a failure belongs to. */
export async function action({ context, request }: Route.ActionArgs) {
  const { actor } = adminPage(context, request);
  const forum = context.services.forum;
  const form = await request.formData();
  const input = Object.fromEntries(form);
  const name = String(form.get("name") ?? form.get("slug") ?? "");
  const done = (message: string) => ({ ok: true as const, message, messageValues: { name } }) satisfies AdminActionResult;
  try {
    switch (form.get("intent")) {
      case "create-category":
        await forum.createCategory(actor, input);
        return done("admin:forum.content.categoryCreated");
      case "update-category":
        return done((await forum.updateCategory(actor, input)).changed ? "admin:forum.content.saved" : "admin:forum.content.unchanged");
      case "move-category":
        return done((await forum.moveCategory(actor, input)).changed ? "admin:forum.content.moved" : "admin:forum.content.notMoved");
      case "delete-category":
        await forum.deleteCategory(actor, input);
        return done("admin:forum.content.deleted");
      case "create-forum":
        await forum.createForum(actor, input);
        return done("admin:forum.content.forumCreated");
      case "update-forum":
        return done((await forum.updateForum(actor, input)).changed ? "admin:forum.content.saved" : "admin:forum.content.unchanged");
      case "move-forum":
        return done((await forum.moveForum(actor, input)).changed ? "admin:forum.content.moved" : "admin:forum.content.notMoved");
      case "delete-forum":
        await forum.deleteForum(actor, input);
        return done("admin:forum.content.deleted");
      case "create-tag":
        await forum.createTag(actor, input);
        return done("admin:forum.content.tagCreated");
      case "update-tag":
        return done((await forum.updateTag(actor, input)).changed ? "admin:forum.content.saved" : "admin:forum.content.unchanged");
      case "delete-tag":
        await forum.deleteTag(actor, input);
        return done("admin:forum.content.deleted");
      default:
        return unknownIntent(form);
    }
  } catch (err) {
    return actionFailure(err, form, { "forum.slug_taken": "slug" });
  }
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

type Values = Partial<
  Record<"slug" | "titleEs" | "titleEn" | "descriptionEs" | "descriptionEn" | "nameEs" | "nameEn" | "categoryId", string>
>;

/** What a form shows: what was typed when it failed, else the row's current values. */
const valuesOf = (failure: FormFailure | undefined, current: Values): Values => (failure ? failure.values : current);

/** Slug, then each language's title and description, for a category or a forum. */
function SectionFields({ values, failure, slugHint }: { values: Values; failure?: FormFailure; slugHint: string }) {
  const { t } = useTranslation("admin");
  const err = (k: string) => failure?.fieldErrors[k];
  return (
    <>
      <Field
        label={t("forum.content.fields.slug")}
        name="slug"
        required
        maxLength={CONTENT_LIMITS.slugMax}
        defaultValue={values.slug}
        hint={slugHint}
        error={err("slug")}
        autoComplete="off"
      />
      {(["es", "en"] as const).map((lng) => {
        const suffix = lng === "es" ? "Es" : "En";
        return (
          <fieldset key={lng} className="space-y-3 rounded-lg border border-border p-3">
            <legend className="px-1 text-sm font-semibold">{t(`forum.content.languages.${lng}`)}</legend>
            <Field
              label={t("forum.content.fields.title")}
              name={`title${suffix}`}
              lang={lng}
              required
              maxLength={CONTENT_LIMITS.titleMax}
              defaultValue={values[`title${suffix}`]}
              error={err(`title${suffix}`)}
            />
            <Field
              label={t("forum.content.fields.description")}
              name={`description${suffix}`}
              lang={lng}
              maxLength={CONTENT_LIMITS.descriptionMax}
              defaultValue={values[`description${suffix}`]}
              hint={t("forum.content.fields.descriptionHint", { max: CONTENT_LIMITS.descriptionMax })}
              error={err(`description${suffix}`)}
            />
          </fieldset>
        );
      })}
    </>
  );
}

/** Up and down buttons: each a tiny form, so the order changes without JavaScript. */
function MoveButtons({
  intent,
  idName,
  id,
  name,
  first,
  last,
}: {
  intent: string;
  idName: string;
  id: string;
  name: string;
  first: boolean;
  last: boolean;
}) {
  const { t } = useTranslation("admin");
  const button = (direction: "up" | "down", disabled: boolean) => (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={idName} value={id} />
      <input type="hidden" name="direction" value={direction} />
      <input type="hidden" name="name" value={name} />
      <button type="submit" className="btn btn-outline min-h-9 px-2 py-1 text-sm" disabled={disabled}>
        {direction === "up" ? <Icon name="arrow-up" size={16} /> : <Icon name="arrow-down" size={16} />}
        <span className="sr-only">{t(direction === "up" ? "forum.content.moveUp" : "forum.content.moveDown", { name })}</span>
      </button>
    </Form>
  );
  return (
    <div className="flex gap-1">
      {button("up", first)}
      {button("down", last)}
    </div>
  );
}

function ForumRow({
  forum,
  categories,
  index,
  count,
  result,
}: {
  forum: AdminForum;
  categories: AdminCategory[];
  index: number;
  count: number;
  result?: AdminActionResult;
}) {
  const { t } = useTranslation("admin");
  const { locale } = useLocalePath();
  const selectId = useId();
  const formId = `forum-${forum.id}`;
  const failure = failureFor(result, "formId", formId);
  const values = valuesOf(failure, { ...forum, categoryId: forum.categoryId });
  const name = localized(locale, forum.titleEs, forum.titleEn);
  return (
    <li className="border-t border-border py-3 first:border-0">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h4 className="font-semibold">{name}</h4>
          <p className="text-sm text-muted-foreground">
            <code className="font-mono text-xs">/community/{forum.slug}</code> · {t("forum.content.threads", { count: forum.threads })}
          </p>
        </div>
        <div className="flex flex-wrap items-start gap-2">
          <MoveButtons intent="move-forum" idName="forumId" id={forum.id} name={name} first={index === 0} last={index === count - 1} />
          <ConfirmAction
            label={t("forum.content.delete")}
            question={
              forum.threads > 0
                ? t("forum.content.confirmDeleteForumFull", { name, count: forum.threads })
                : t("forum.content.confirmDeleteForum", { name })
            }
            confirmLabel={t("forum.content.confirmDeleteButton")}
            intent="delete-forum"
            fields={{ forumId: forum.id, name }}
          />
        </div>
      </div>
      <FormDisclosure
        summary={t("forum.content.editForum", { name })}
        formId={formId}
        intent="update-forum"
        failure={failure}
        hidden={{ forumId: forum.id, name }}
        submit={t("forum.content.save")}
      >
        <div className="space-y-1.5">
          <label htmlFor={selectId} className="block text-sm font-semibold">
            {t("forum.content.fields.category")}
          </label>
          <select id={selectId} name="categoryId" className="input" defaultValue={values.categoryId}>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {localized(locale, c.titleEs, c.titleEn)}
              </option>
            ))}
          </select>
        </div>
        <SectionFields values={values} failure={failure} slugHint={t("forum.content.fields.forumSlugEditHint")} />
      </FormDisclosure>
    </li>
  );
}

function CategoryCard({
  category,
  categories,
  index,
  result,
}: {
  category: AdminCategory;
  categories: AdminCategory[];
  index: number;
  result?: AdminActionResult;
}) {
  const { t } = useTranslation("admin");
  const { locale } = useLocalePath();
  const name = localized(locale, category.titleEs, category.titleEn);
  const editId = `category-${category.id}`;
  const addId = `forum-new-${category.id}`;
  const editFailure = failureFor(result, "formId", editId);
  const addFailure = failureFor(result, "formId", addId);
  return (
    <li>
      <section className="card p-5" aria-labelledby={`category-${category.id}-heading`}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={`category-${category.id}-heading`} className="text-lg font-bold">
              {name}
            </h3>
            <p className="text-sm text-muted-foreground">
              <code className="font-mono text-xs">{category.slug}</code> · {t("forum.content.forums", { count: category.forums.length })}
            </p>
          </div>
          <div className="flex flex-wrap items-start gap-2">
            <MoveButtons
              intent="move-category"
              idName="categoryId"
              id={category.id}
              name={name}
              first={index === 0}
              last={index === categories.length - 1}
            />
            <ConfirmAction
              label={t("forum.content.delete")}
              question={
                category.forums.length > 0
                  ? t("forum.content.confirmDeleteCategoryFull", { name, count: category.forums.length })
                  : t("forum.content.confirmDeleteCategory", { name })
              }
              confirmLabel={t("forum.content.confirmDeleteButton")}
              intent="delete-category"
              fields={{ categoryId: category.id, name }}
            />
          </div>
        </div>
        <FormDisclosure
          summary={t("forum.content.editCategory", { name })}
          formId={editId}
          intent="update-category"
          failure={editFailure}
          hidden={{ categoryId: category.id, name }}
          submit={t("forum.content.save")}
        >
          <SectionFields
            values={valuesOf(editFailure, category)}
            failure={editFailure}
            slugHint={t("forum.content.fields.categorySlugHint")}
          />
        </FormDisclosure>
        {category.forums.length === 0 ? (
          <p className="mt-3 text-sm text-muted-foreground">{t("forum.content.noForums")}</p>
        ) : (
          <ul className="mt-3" aria-label={t("forum.content.forumsOf", { name })}>
            {category.forums.map((f, i) => (
              <ForumRow key={f.id} forum={f} categories={categories} index={i} count={category.forums.length} result={result} />
            ))}
          </ul>
        )}
        <FormDisclosure
          summary={t("forum.content.addForum", { name })}
          formId={addId}
          intent="create-forum"
          failure={addFailure}
          hidden={{ categoryId: category.id }}
          submit={t("forum.content.create")}
        >
          <SectionFields values={valuesOf(addFailure, {})} failure={addFailure} slugHint={t("forum.content.fields.forumSlugHint")} />
        </FormDisclosure>
      </section>
    </li>
  );
}

function TagRow({ tag, result }: { tag: AdminTag; result?: AdminActionResult }) {
  const { t } = useTranslation("admin");
  const { locale } = useLocalePath();
  const formId = `tag-${tag.id}`;
  const failure = failureFor(result, "formId", formId);
  const values = valuesOf(failure, tag);
  const name = localized(locale, tag.nameEs, tag.nameEn);
  return (
    <li className="border-t border-border py-3 first:border-0">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="font-semibold">{name}</h3>
          <p className="text-sm text-muted-foreground">
            <code className="font-mono text-xs">?tag={tag.slug}</code> · {t("forum.content.threads", { count: tag.threads })}
          </p>
        </div>
        <ConfirmAction
          label={t("forum.content.delete")}
          question={t("forum.content.confirmDeleteTag", { name, count: tag.threads })}
          confirmLabel={t("forum.content.confirmDeleteButton")}
          intent="delete-tag"
          fields={{ tagId: tag.id, name }}
        />
      </div>
      <FormDisclosure
        summary={t("forum.content.renameTag", { name })}
        formId={formId}
        intent="update-tag"
        failure={failure}
        hidden={{ tagId: tag.id, name }}
        submit={t("forum.content.save")}
      >
        <Field
          label={t("forum.content.fields.nameEs")}
          name="nameEs"
          lang="es"
          required
          maxLength={CONTENT_LIMITS.tagNameMax}
          defaultValue={values.nameEs}
          error={failure?.fieldErrors.nameEs}
        />
        <Field
          label={t("forum.content.fields.nameEn")}
          name="nameEn"
          lang="en"
          required
          maxLength={CONTENT_LIMITS.tagNameMax}
          defaultValue={values.nameEn}
          error={failure?.fieldErrors.nameEn}
        />
      </FormDisclosure>
    </li>
  );
}

export default function ForumContent({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { categories, tags } = loaderData.content;
  const result = actionData as AdminActionResult | undefined;
  const newCategory = failureFor(result, "formId", "category-new");
  const newTag = failureFor(result, "formId", "tag-new");
  return (
    <>
      <AdminHeading title={t("forum.content.title")}>{t("forum.content.lead")}</AdminHeading>
      <div aria-live="polite" className="mb-4">
        <ActionResult result={result} />
      </div>

      <section aria-labelledby="categories-heading" className="mb-10">
        <h2 id="categories-heading" className="text-xl font-bold">
          {t("forum.content.categoriesTitle")}
        </h2>
        <p className="mb-4 mt-1 text-sm text-muted-foreground">{t("forum.content.categoriesHelp")}</p>
        {categories.length === 0 ? (
          <EmptyState>{t("forum.content.noCategories")}</EmptyState>
        ) : (
          <ol className="space-y-4">
            {categories.map((c, i) => (
              <CategoryCard key={c.id} category={c} categories={categories} index={i} result={result} />
            ))}
          </ol>
        )}
        <FormDisclosure
          summary={t("forum.content.addCategory")}
          formId="category-new"
          intent="create-category"
          failure={newCategory}
          submit={t("forum.content.create")}
        >
          <SectionFields values={valuesOf(newCategory, {})} failure={newCategory} slugHint={t("forum.content.fields.categorySlugHint")} />
        </FormDisclosure>
      </section>

      <section aria-labelledby="tags-heading">
        <h2 id="tags-heading" className="text-xl font-bold">
          {t("forum.content.tagsTitle")}
        </h2>
        <p className="mb-4 mt-1 text-sm text-muted-foreground">{t("forum.content.tagsHelp")}</p>
        {tags.length === 0 ? (
          <EmptyState>{t("forum.content.noTags")}</EmptyState>
        ) : (
          <ul className="card px-5 py-2">
            {tags.map((tag) => (
              <TagRow key={tag.id} tag={tag} result={result} />
            ))}
          </ul>
        )}
        <FormDisclosure
          summary={t("forum.content.addTag")}
          formId="tag-new"
          intent="create-tag"
          failure={newTag}
          submit={t("forum.content.create")}
        >
          <Field
            label={t("forum.content.fields.slug")}
            name="slug"
            required
            maxLength={CONTENT_LIMITS.slugMax}
            defaultValue={newTag?.values.slug}
            hint={t("forum.content.fields.tagSlugHint")}
            error={newTag?.fieldErrors.slug}
            autoComplete="off"
          />
          <Field
            label={t("forum.content.fields.nameEs")}
            name="nameEs"
            lang="es"
            required
            maxLength={CONTENT_LIMITS.tagNameMax}
            defaultValue={newTag?.values.nameEs}
            error={newTag?.fieldErrors.nameEs}
          />
          <Field
            label={t("forum.content.fields.nameEn")}
            name="nameEn"
            lang="en"
            required
            maxLength={CONTENT_LIMITS.tagNameMax}
            defaultValue={newTag?.values.nameEn}
            error={newTag?.fieldErrors.nameEn}
          />
        </FormDisclosure>
      </section>
    </>
  );
}
