import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
import { SubmitButton } from "#app/components/ui/form-field";
import { ActionToast } from "#app/features/admin/action-toast";
import {
  ACHIEVEMENT_FIELDS as FIELDS,
  AchievementFields,
  shown,
  valuesOf,
  type AdminAchievement,
} from "#app/features/gamification/admin/achievement-form";
import { sortAchievements, sortOf } from "#app/features/gamification/admin/achievement-sort";
import { AchievementsTable } from "#app/features/gamification/admin/achievements-table";
import { EditDialog } from "#app/components/ui/edit-dialog";
import { localized } from "#app/features/forum/ui";
import { builtInBadgeText, withBothLanguages } from "#app/features/gamification/admin/gamification.server";
import { adminPage, orRefused, unknownIntent } from "#app/features/admin/route.server";
import { ActionResult, AdminErrorBoundary, AdminHeading, NOINDEX, type AdminActionResult } from "#app/features/admin/shell";
import { ConfirmAction } from "#app/components/ui/disclosure-form";
import { EmptyState } from "#app/components/ui/empty-state";
import { formValues, type FormFailure } from "#app/lib/form";
import { actionFailure } from "#app/lib/form.server";
import { seoMeta } from "#app/lib/seo";
import { useHrefWith } from "#app/lib/use-href-with";
import type { Route } from "./+types/achievements";

export const handle = { i18n: ["admin", "badges"] };

const LANGS = ["es", "en"] as const;

/**
 * Admins only: the unlock counts are an Admin read, which refuses anyone else (a 403 page). The table's order
 * (`?sort=&dir=`) and the dialog open (`?edit=<id>`, or `new`) come from the address, so both work without
 * JavaScript.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, seo, locale } = adminPage(context, request);
  const game = context.services.gamification;
  const unlocks = await orRefused(context, request, game.unlockCounts(actor));
  const q = new URL(request.url).searchParams;
  const { sort, dir } = sortOf(q);
  const rows = (await game.listAchievements()).map((a) => {
    const both: AdminAchievement = { ...withBothLanguages(a), unlocks: unlocks[a.id] ?? 0 };
    const name = localized(locale, shown(both.nameTexts.es, a.key), shown(both.nameTexts.en, a.key));
    return { ...both, name };
  });
  const edit = q.get("edit") ?? "";
  return {
    seo: seo("gamification.achievements.title"),
    achievements: sortAchievements(rows, sort, dir, locale),
    sort,
    dir,
    edit: edit === "new" || rows.some((r) => r.id === edit) ? edit : null,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { actor, locale } = adminPage(context, request);
  const game = context.services.gamification;
  const form = await request.formData();
  const input = Object.fromEntries(FIELDS.map((f) => [f, form.get(f) ?? ""]));
  const name = String(form.get("name") ?? form.get("nameEn") ?? "");
  const done = (message: string, values: Record<string, string | number> = {}) =>
    ({ ok: true as const, message, messageValues: { name, ...values } }) satisfies AdminActionResult;
  try {
    switch (form.get("intent")) {
      case "create-achievement": {
        const created = await game.createAchievement(actor, input);
        return done("admin:gamification.achievements.created", { name: created.names[locale] ?? created.key });
      }
      case "update-achievement": {
        // A name left empty falls back to the built-in translation; an achievement without one needs its names.
        const id = String(form.get("id") ?? "");
        const existing = game.abilities(actor).updateAchievement ? (await game.listAchievements()).find((a) => a.id === id) : undefined;
        if (existing) {
          const missing = LANGS.filter(
            (lng) => !String(form.get(lng === "es" ? "nameEs" : "nameEn") ?? "").trim() && !builtInBadgeText(lng, existing.nameKey),
          );
          if (missing.length) {
            const fieldErrors = Object.fromEntries(
              missing.map((lng) => [lng === "es" ? "nameEs" : "nameEn", "errors:gamification.name_required"]),
            );
            return data<FormFailure>(
              { ok: false, values: formValues(form), fieldErrors, formError: "errors:input.invalid" },
              { status: 400 },
            );
          }
        }
        await game.updateAchievement(actor, { ...input, id });
        return done("admin:gamification.achievements.saved");
      }
      case "delete-achievement": {
        const { unlocks } = await game.deleteAchievement(actor, { id: form.get("id") });
        return done("admin:gamification.achievements.deleted", { count: unlocks });
      }
      default:
        return unknownIntent(form);
    }
  } catch (err) {
    return actionFailure(err, form, { "gamification.achievement_key_taken": "key" });
  }
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

/** The dialog's form: a new achievement, or one to edit (with its delete button). */
function AchievementDialog({
  achievement: a,
  failure,
  closeHref,
}: {
  achievement: (AdminAchievement & { name: string }) | null;
  failure: FormFailure | undefined;
  closeHref: string;
}) {
  const { t } = useTranslation("admin");
  const formId = a ? `achievement-${a.id}` : "achievement-new";
  // A refused delete reopens its confirmation; the form keeps the stored values.
  const deleteFailure = failure?.values.intent === "delete-achievement" ? failure : undefined;
  const formFailure = deleteFailure ? undefined : failure;
  return (
    <EditDialog
      title={a ? t("gamification.achievements.edit", { name: a.name }) : t("gamification.achievements.addTitle")}
      closeHref={closeHref}
    >
      <Form method="post" className="space-y-4" preventScrollReset>
        <input type="hidden" name="intent" value={a ? "update-achievement" : "create-achievement"} />
        <input type="hidden" name="formId" value={formId} />
        {a ? (
          <>
            <input type="hidden" name="id" value={a.id} />
            <input type="hidden" name="name" value={a.name} />
          </>
        ) : null}
        {failure ? <ActionResult result={failure} /> : null}
        <AchievementFields
          values={formFailure ? formFailure.values : a ? valuesOf(a) : {}}
          failure={formFailure}
          existing={a ?? undefined}
        />
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton pendingLabel={t("settings.saving")}>
            {a ? t("gamification.achievements.save") : t("gamification.achievements.create")}
          </SubmitButton>
          <Link to={closeHref} preventScrollReset className="btn btn-ghost">
            {t("gamification.achievements.cancel")}
          </Link>
        </div>
      </Form>
      {a ? (
        <div className="mt-6 border-t border-border pt-4">
          <ConfirmAction
            wide
            label={t("gamification.achievements.delete")}
            question={
              a.unlocks > 0
                ? t("gamification.achievements.confirmDeleteUnlocked", { name: a.name, count: a.unlocks })
                : t("gamification.achievements.confirmDelete", { name: a.name })
            }
            confirmLabel={t("gamification.achievements.confirmDeleteButton")}
            intent="delete-achievement"
            fields={{ id: a.id, name: a.name }}
            open={!!deleteFailure}
          />
        </div>
      ) : null}
    </EditDialog>
  );
}

export default function GamificationAchievements({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const location = useLocation();
  const navigate = useNavigate();
  const { achievements, sort, dir } = loaderData;
  const result = actionData as AdminActionResult | undefined;
  const hrefWith = useHrefWith();
  const closeHref = hrefWith({ edit: null });
  // A failed submit reopens its form (whatever the address); a saved one closes the dialog.
  const failure = result && !result.ok ? result : undefined;
  const failedForm =
    typeof failure?.values.formId === "string" ? failure.values.formId : failure?.values.id ? `achievement-${failure.values.id}` : null;
  const editing = failedForm ? failedForm.replace(/^achievement-/, "") : result?.ok ? null : loaderData.edit;
  const editingRow = editing && editing !== "new" ? (achievements.find((a) => a.id === editing) ?? null) : null;
  const dialogOpen = editing === "new" || !!editingRow;
  // With JavaScript, a saved change also takes `?edit=` out of the address (the toast says what happened), once
  // the page has reloaded its data (navigating sooner would cancel that reload).
  const idle = useNavigation().state === "idle";
  useEffect(() => {
    if (idle && result?.ok && new URLSearchParams(location.search).has("edit"))
      navigate(closeHref, { replace: true, preventScrollReset: true });
  }, [idle, result, location.search, closeHref, navigate]);
  return (
    <>
      <AdminHeading title={t("gamification.achievements.title")}>
        <p>{t("gamification.achievements.lead")}</p>
        <p className="mt-2">{t("gamification.achievements.settleHelp")}</p>
      </AdminHeading>
      <ActionToast result={result} />
      <div aria-live="polite" className="mb-4">
        {failure && !dialogOpen ? <ActionResult result={failure} /> : null}
      </div>

      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="achievements-heading" className="text-xl font-bold">
            {t("gamification.achievements.listTitle", { count: achievements.length })}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t("gamification.achievements.listHelp")}</p>
        </div>
        <Link to={hrefWith({ edit: "new" })} preventScrollReset className="btn btn-primary">
          {t("gamification.achievements.add")}
        </Link>
      </div>
      {achievements.length === 0 ? (
        <EmptyState>{t("gamification.achievements.empty")}</EmptyState>
      ) : (
        <AchievementsTable rows={achievements} sort={sort} dir={dir} hrefWith={hrefWith} />
      )}
      {dialogOpen ? <AchievementDialog key={editing} achievement={editingRow} failure={failure} closeHref={closeHref} /> : null}
    </>
  );
}
