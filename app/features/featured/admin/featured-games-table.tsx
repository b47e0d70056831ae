import { useTranslation } from "react-i18next";
import { Form, Link, useLocation } from "react-router";
import { Field, SubmitButton, TextAreaField } from "#app/components/ui/form-field";
import { DataTable } from "#app/components/ui/table";
import { EditDialog } from "#app/components/ui/edit-dialog";
import { Badge } from "#app/components/ui/badge";
import { ConfirmAction } from "#app/components/ui/disclosure-form";
import { EmptyState } from "#app/components/ui/empty-state";
import { Pagination } from "#app/components/ui/pagination";
import { useDateFormat } from "#app/lib/use-date-format";
import type { FormFailure } from "#app/lib/form";
import { useLocalePath } from "#app/lib/use-locale";
import { DETAILS_MARKDOWN_MAX, FEATURE_TYPES_WITH_PAGE, SCHEDULE_STATUSES, type FeatureType } from "#shared/promotions";
import { ViewTabs } from "#app/components/ui/view-tabs";
import { statusTabs } from "#app/features/featured/admin/featured-tabs";

type Row = {
  id: string;
  slug: string;
  gameName: string;
  featureType: string;
  scheduleStatus: string;
  visible: boolean;
  startsAt: string | Date;
  endsAt: string | Date;
  detailsMd: string;
};

const TONE: Record<string, "neutral" | "positive" | "info" | "warning"> = {
  scheduled: "info",
  active: "positive",
  finished: "neutral",
  expired: "warning",
};

/**
 * The featured games (running and scheduled first): show or hide, end early, and edit the page (`?edit=id`,
 * a dialog that works before JavaScript). Show and hide post one shared form (`form="visibility-form"`).
 */
export function FeaturedGamesTable({
  list,
  can,
  editing,
  failure,
}: {
  list: { rows: Row[]; total: number; page: number; pageCount: number; status: string | null };
  can: { setFeaturedVisible: boolean; endFeatured: boolean; updateFeatured: boolean };
  editing: Row | null;
  failure?: FormFailure;
}) {
  const { t } = useTranslation("admin-featured");
  const { to } = useLocalePath();
  const { date } = useDateFormat();
  const location = useLocation();
  const base = `${location.pathname}?tab=games${list.status ? `&status=${list.status}` : ""}`;
  const failedEdit = failure?.values.intent === "edit" ? failure : undefined;
  const canManage = can.setFeaturedVisible || can.endFeatured || can.updateFeatured;
  return (
    <>
      <ViewTabs
        label={t("games.filterLabel")}
        tabs={statusTabs("games", list.status, SCHEDULE_STATUSES, (s) => t(`promotions:labels.scheduleStatus.${s}`), t("games.all"))}
      />
      {can.setFeaturedVisible ? (
        <Form method="post" id="visibility-form" hidden>
          <input type="hidden" name="intent" value="visibility" />
        </Form>
      ) : null}
      {list.rows.length === 0 ? (
        <EmptyState>{t("games.empty")}</EmptyState>
      ) : (
        <DataTable caption={t("games.caption", { count: list.total })}>
          <thead>
            <tr>
              <th scope="col">{t("games.columns.game")}</th>
              <th scope="col">{t("games.columns.feature")}</th>
              <th scope="col">{t("games.columns.status")}</th>
              <th scope="col">{t("games.columns.dates")}</th>
              <th scope="col">{t("games.columns.visible")}</th>
              {canManage ? <th scope="col">{t("games.columns.actions")}</th> : null}
            </tr>
          </thead>
          <tbody>
            {list.rows.map((g) => {
              const live = g.scheduleStatus === "active" || g.scheduleStatus === "scheduled";
              const hasPage = FEATURE_TYPES_WITH_PAGE.includes(g.featureType as FeatureType);
              return (
                <tr key={g.id}>
                  <td>
                    {live && hasPage && g.visible ? (
                      <Link className="link inline-block py-1 font-semibold" to={to(`/games/${g.slug}`)}>
                        {g.gameName}
                      </Link>
                    ) : (
                      <span className="font-semibold">{g.gameName}</span>
                    )}
                    <span className="block text-xs text-muted-foreground">/games/{g.slug}</span>
                  </td>
                  <td className="text-sm">{t(`promotions:labels.featureType.${g.featureType}`)}</td>
                  <td>
                    <Badge tone={TONE[g.scheduleStatus]}>{t(`promotions:labels.scheduleStatus.${g.scheduleStatus}`)}</Badge>
                  </td>
                  <td className="whitespace-nowrap text-sm">
                    {date(g.startsAt)} – {date(g.endsAt)}
                  </td>
                  <td className="text-sm">{g.visible ? t("promotions:labels.visible") : t("promotions:labels.hidden")}</td>
                  {canManage ? (
                    <td>
                      <div className="flex flex-wrap gap-2">
                        {live && can.setFeaturedVisible ? (
                          <button
                            type="submit"
                            form="visibility-form"
                            name="visible"
                            value={`${g.id}:${g.visible ? "false" : "true"}`}
                            className="btn btn-outline min-h-9 px-3 py-1 text-sm"
                          >
                            {g.visible ? t("games.hide") : t("games.show")}
                            <span className="sr-only">: {g.gameName}</span>
                          </button>
                        ) : null}
                        {can.updateFeatured ? (
                          <Link to={`${base}&edit=${g.id}`} className="btn btn-outline min-h-9 px-3 py-1 text-sm" preventScrollReset>
                            {t("games.edit")}
                            <span className="sr-only">: {g.gameName}</span>
                          </Link>
                        ) : null}
                        {live && can.endFeatured ? (
                          <ConfirmAction
                            label={t("games.end")}
                            question={t("games.endQuestion", { name: g.gameName })}
                            confirmLabel={t("games.endConfirm")}
                            intent="end"
                            fields={{ featuredGameId: g.id, name: g.gameName }}
                          />
                        ) : null}
                      </div>
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      )}
      <Pagination className="mt-4" page={list.page} pageCount={list.pageCount} total={list.total} />
      {can.updateFeatured && editing ? (
        <EditDialog title={t("games.editTitle", { name: editing.gameName })} closeHref={base}>
          <Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="edit" />
            <input type="hidden" name="featuredGameId" value={editing.id} />
            <input type="hidden" name="name" value={editing.gameName} />
            <Field
              label={t("approve.slug")}
              name="slug"
              required
              maxLength={80}
              defaultValue={failedEdit?.values.slug ?? editing.slug}
              hint={t("approve.slugHint")}
              error={
                failedEdit?.fieldErrors.slug ??
                (failedEdit?.formError === "errors:promotions.slug_taken" ? failedEdit.formError : undefined)
              }
            />
            <TextAreaField
              label={t("approve.details")}
              name="detailsMd"
              rows={10}
              maxLength={DETAILS_MARKDOWN_MAX}
              defaultValue={failedEdit?.values.detailsMd ?? editing.detailsMd}
              error={failedEdit?.fieldErrors.detailsMd}
            />
            <SubmitButton>{t("games.save")}</SubmitButton>
          </Form>
        </EditDialog>
      ) : null}
    </>
  );
}
