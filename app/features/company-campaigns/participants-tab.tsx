import { useTranslation } from "react-i18next";
import { Badge } from "#app/components/ui/badge";
import { EmptyState } from "#app/components/ui/empty-state";
import { Pagination } from "#app/components/ui/pagination";
import { DataTable } from "#app/components/ui/table";
import { CampaignStatusBadge, NS } from "./ui";
import { type ViewOf, regionLabel } from "./manage-tab-kit";

/** Participants: per creator, the key's region, when it was received, the coverage links and the deadline. */
export function ParticipantsTab({ view }: { view: ViewOf<"participants"> }) {
  const { t } = useTranslation(NS);
  return (
    <section aria-labelledby="participants-heading" className="space-y-4">
      <h2 id="participants-heading" className="text-2xl font-bold">
        {t("manage.participants.heading")}
      </h2>
      {view.participants.length === 0 ? (
        <EmptyState>{t("manage.participants.empty")}</EmptyState>
      ) : (
        <>
          <DataTable caption={t("manage.participants.caption")} captionHidden>
            <thead>
              <tr>
                <th scope="col">{t("manage.participants.creator")}</th>
                <th scope="col">{t("manage.participants.key")}</th>
                <th scope="col">{t("manage.participants.claimed")}</th>
                <th scope="col">{t("manage.participants.deadline")}</th>
                <th scope="col">{t("manage.participants.coverage")}</th>
              </tr>
            </thead>
            <tbody>
              {view.participants.map((p) => (
                <tr key={p.requestId}>
                  <td className="font-semibold">{p.username ?? "—"}</td>
                  <td className="text-sm">
                    {regionLabel(t, p.region)}
                    {p.platform ? ` · ${t(`labels.platform.${p.platform}`)}` : ""}
                  </td>
                  <td className="whitespace-nowrap text-sm">{p.claimedAt ?? "—"}</td>
                  <td className="text-sm">
                    <span className="flex flex-wrap items-center gap-1.5">
                      <span className="whitespace-nowrap">{p.coverageDueAt ?? "—"}</span>
                      {p.deadlinePassed ? (
                        <Badge tone={p.coverage.length ? "neutral" : "danger"}>{t("manage.participants.overdue")}</Badge>
                      ) : (
                        <Badge tone="positive">{t("manage.participants.onTime")}</Badge>
                      )}
                    </span>
                  </td>
                  <td className="text-sm">
                    {p.coverage.length ? (
                      <ul className="space-y-1">
                        {p.coverage.map((l) => (
                          <li key={l.url}>
                            <a href={l.url} rel="nofollow noopener noreferrer" target="_blank" className="text-primary hover:underline">
                              {t(`labels.channel.${l.kind}`)}
                            </a>
                            {l.createdAt ? <span className="text-muted-foreground"> · {l.createdAt}</span> : null}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <span className="text-muted-foreground">{t("manage.participants.noCoverage")}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <Pagination page={view.page} pageCount={view.pageCount} hrefFor={(p) => `?tab=participants&page=${p}`} />
        </>
      )}
    </section>
  );
}

export { CampaignStatusBadge };
