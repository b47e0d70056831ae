import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { ConfirmAction } from "#app/components/ui/disclosure-form";
import { Icon } from "#app/components/ui/icon";
import { DataTable } from "#app/components/ui/table";
import { useLocalePath } from "#app/lib/use-locale";
import { CONTENT_INTENTS, type ContentKind } from "#shared/content";
import { localTitle } from "#app/features/content/content-card";
import type { ContentAbilities } from "#server/modules/content";

export type AdminItemRow = {
  id: string;
  slug: string;
  titleEs: string;
  titleEn: string;
  published: boolean;
  collaboratorIds: string[];
};

/** One kind's items in the order visitors see them: move, publish, edit and delete each. */
export function ItemsTable({
  kind,
  rows,
  abilities,
  editHref,
}: {
  kind: ContentKind;
  rows: AdminItemRow[];
  abilities: ContentAbilities;
  editHref: (value: string) => string;
}) {
  const { t } = useTranslation("content");
  const { to, locale } = useLocalePath();
  const base = kind === "video" ? "/videos" : "/podcast";
  return (
    <DataTable caption={t(kind === "video" ? "admin.content.tableVideos" : "admin.content.tableEpisodes")} captionHidden>
      <thead>
        <tr>
          <th scope="col">{t("admin.content.columns.order")}</th>
          <th scope="col">{t("admin.content.columns.item")}</th>
          <th scope="col">{t("admin.content.columns.state")}</th>
          <th scope="col">{t("admin.content.columns.collaborators")}</th>
          <th scope="col">{t("admin.content.columns.actions")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => {
          const title = localTitle(locale, r);
          const hidden = { kind, id: r.id, title };
          return (
            <tr key={r.id} data-item={r.slug}>
              <td>
                <div className="flex items-center gap-1">
                  <span className="w-6 tabular-nums">{i + 1}</span>
                  {abilities.reorder ? (
                    <>
                      <MoveButton
                        intent={CONTENT_INTENTS.moveUp}
                        label={t("admin.content.moveUp", { title })}
                        icon="arrow-up"
                        hidden={hidden}
                        disabled={i === 0}
                      />
                      <MoveButton
                        intent={CONTENT_INTENTS.moveDown}
                        label={t("admin.content.moveDown", { title })}
                        icon="arrow-down"
                        hidden={hidden}
                        disabled={i === rows.length - 1}
                      />
                    </>
                  ) : null}
                </div>
              </td>
              <th scope="row" className="font-semibold">
                {r.published ? (
                  <Link to={to(`${base}/${r.slug}`)} className="link">
                    {title}
                  </Link>
                ) : (
                  title
                )}
                <span className="block text-xs font-normal text-muted-foreground">{r.slug}</span>
              </th>
              <td>
                <Badge tone={r.published ? "positive" : "neutral"}>
                  {t(r.published ? "admin.content.state.published" : "admin.content.state.draft")}
                </Badge>
              </td>
              <td className="tabular-nums">{r.collaboratorIds.length}</td>
              <td>
                <div className="flex flex-wrap items-start gap-2">
                  {abilities.publish ? (
                    <Form method="post" preventScrollReset>
                      <HiddenFields values={hidden} />
                      <button
                        type="submit"
                        name="intent"
                        value={r.published ? CONTENT_INTENTS.unpublish : CONTENT_INTENTS.publish}
                        className="btn btn-outline min-h-9 px-3 py-1 text-sm"
                      >
                        {t(r.published ? "admin.content.unpublish" : "admin.content.publish")}
                      </button>
                    </Form>
                  ) : null}
                  {abilities.update ? (
                    <Link to={editHref(`${kind}:${r.id}`)} preventScrollReset className="btn btn-outline min-h-9 px-3 py-1 text-sm">
                      {t("admin.content.edit")}
                    </Link>
                  ) : null}
                  {abilities.delete ? (
                    <ConfirmAction
                      label={t("admin.content.delete")}
                      question={t("admin.content.confirmDelete", { title })}
                      confirmLabel={t("admin.content.confirmDeleteButton")}
                      intent={CONTENT_INTENTS.delete}
                      fields={hidden}
                    />
                  ) : null}
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}

function HiddenFields({ values }: { values: Record<string, string> }) {
  return (
    <>
      {Object.entries(values).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
    </>
  );
}

function MoveButton({
  intent,
  label,
  icon,
  hidden,
  disabled,
}: {
  intent: string;
  label: string;
  icon: "arrow-up" | "arrow-down";
  hidden: Record<string, string>;
  disabled: boolean;
}) {
  return (
    <Form method="post" preventScrollReset>
      <HiddenFields values={hidden} />
      <button type="submit" name="intent" value={intent} className="btn btn-ghost icon-btn size-9" aria-label={label} disabled={disabled}>
        <Icon name={icon} size={16} />
      </button>
    </Form>
  );
}
