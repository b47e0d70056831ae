import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Badge, type BadgeTone } from "#app/components/ui/badge";
import { ConfirmAction } from "#app/components/ui/disclosure-form";
import { EmptyState } from "#app/components/ui/empty-state";
import { Pagination } from "#app/components/ui/pagination";
import { RelativeTime } from "#app/components/ui/relative-time";
import { DataTable } from "#app/components/ui/table";
import { ViewTabs } from "#app/components/ui/view-tabs";
import type { RenderQueue as Queue } from "#server/modules/character";
import { AVATAR_RENDER_STATUSES, type AvatarRenderStatus } from "#shared/character";
import type { Locale } from "#shared/locales";

const TONES: Record<AvatarRenderStatus, BadgeTone> = { pending: "info", done: "positive", failed: "danger", cancelled: "neutral" };

/** The id of the one form every row's requeue and force buttons submit (their name says which, their value the render). */
const ROW_FORM = "render-row-form";

/**
 * SPEC §4's render queue: renders newest first, filtered by state (`?status=`), paged (`?page=`); requeue a
 * failed or cancelled one, force any one now, cancel a pending one (with a confirmation).
 */
export function RenderQueue({ queue, locale }: { queue: Queue; locale: Locale }) {
  const { t } = useTranslation("admin-avatars");
  const all = Object.values(queue.counts).reduce((a, b) => a + b, 0);
  return (
    <section aria-labelledby="render-queue-heading" className="mt-10">
      <h2 id="render-queue-heading" className="text-xl font-bold">
        {t("renders.heading")}
      </h2>
      <p className="mt-1 mb-3 text-sm text-muted-foreground">{t("renders.lead")}</p>
      <ViewTabs
        label={t("renders.filterLabel")}
        tabs={[
          { key: "all", label: t("renders.all", { n: all }), params: { status: null }, current: queue.status === null },
          ...AVATAR_RENDER_STATUSES.map((s) => ({
            key: s,
            label: t(`renders.filter.${s}`, { n: queue.counts[s] }),
            params: { status: s },
            current: queue.status === s,
          })),
        ]}
      />
      <Form method="post" id={ROW_FORM} preventScrollReset />
      {queue.items.length === 0 ? (
        <EmptyState>{t("renders.empty")}</EmptyState>
      ) : (
        <DataTable caption={t("renders.caption")}>
          <thead>
            <tr>
              <th scope="col">{t("renders.columns.member")}</th>
              <th scope="col">{t("renders.columns.status")}</th>
              <th scope="col">{t("renders.columns.requested")}</th>
              <th scope="col">{t("renders.columns.attempts")}</th>
              <th scope="col">{t("renders.columns.error")}</th>
              <th scope="col">{t("renders.columns.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {queue.items.map((r) => {
              const name = r.username ?? t("renders.unknownMember");
              return (
                <tr key={r.id}>
                  <th scope="row" className="font-semibold">
                    <span className="flex items-center gap-2">
                      {r.pngUrl ? (
                        <img
                          src={r.pngUrl}
                          alt={t("renders.picture", { name })}
                          width={40}
                          height={40}
                          className="rounded border border-border"
                          loading="lazy"
                        />
                      ) : null}
                      {name}
                    </span>
                  </th>
                  <td>
                    <Badge tone={TONES[r.status]}>{t(`renders.status.${r.status}`)}</Badge>
                  </td>
                  <td>
                    <RelativeTime date={r.requestedAt} locale={locale} />
                  </td>
                  <td className="tabular-nums">{r.attempts}</td>
                  <td className="max-w-xs break-words text-sm">{r.error}</td>
                  <td>
                    <div className="flex flex-wrap gap-2">
                      {r.status === "failed" || r.status === "cancelled" ? (
                        <button
                          type="submit"
                          form={ROW_FORM}
                          name="requeue"
                          value={r.id}
                          className="btn btn-outline min-h-9 px-3 py-1 text-sm"
                          aria-label={t("renders.requeueNamed", { name })}
                        >
                          {t("renders.requeue")}
                        </button>
                      ) : null}
                      <button
                        type="submit"
                        form={ROW_FORM}
                        name="force"
                        value={r.id}
                        className="btn btn-outline min-h-9 px-3 py-1 text-sm"
                        aria-label={t("renders.forceNamed", { name })}
                      >
                        {t("renders.force")}
                      </button>
                      {r.status === "pending" ? (
                        <ConfirmAction
                          label={t("renders.cancel")}
                          question={t("renders.cancelQuestion", { name })}
                          confirmLabel={t("renders.cancelConfirm")}
                          intent="cancel-render"
                          fields={{ renderId: r.id }}
                        />
                      ) : null}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      )}
      <Pagination className="mt-4" page={queue.page} pageCount={queue.pageCount} total={queue.total} />
    </section>
  );
}
