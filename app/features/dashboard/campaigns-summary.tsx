import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { ButtonLink } from "#app/components/ui/button";
import { EmptyState } from "#app/components/ui/empty-state";
import { RowList } from "#app/components/ui/list";
import { formatDate } from "#app/i18n/format";
import { useLocalePath } from "#app/lib/use-locale";
import type { CampaignsService } from "#server/modules/campaigns";

type Summary = NonNullable<Awaited<ReturnType<CampaignsService["dashboard"]>>>;
type Dated<T> = { [K in keyof T]: T[K] extends Date ? Date | string : T[K] extends Date | null ? Date | string | null : T[K] };

/** A creator's matching campaign as the dashboard shows it (the loader sends only these fields). */
export type MatchingCampaign = { id: string; gameName: string; companyName: string; endsAt: Date | string; keysLeft: number };

/** The campaigns part of /dashboard as the loader sends it (dates may arrive as strings). */
export type CampaignsSummary =
  | (Omit<Extract<Summary, { kind: "company" }>, "campaigns" | "endingSoon"> & {
      campaigns: Dated<Extract<Summary, { kind: "company" }>["campaigns"][number]>[];
      endingSoon: Dated<Extract<Summary, { kind: "company" }>["endingSoon"][number]>[];
    })
  | (Omit<Extract<Summary, { kind: "creator" }>, "matching" | "waitingForCoverage"> & {
      waitingForCoverage: Dated<Extract<Summary, { kind: "creator" }>["waitingForCoverage"][number]>[];
      matching: MatchingCampaign[];
    });

/** Keeps what the dashboard shows of the summary (a matching campaign's description stays on its own page). */
export function trimSummary(s: Summary | null): CampaignsSummary | null {
  if (!s || s.kind === "company") return s;
  return {
    ...s,
    matching: s.matching.map((c) => ({
      id: c.id,
      gameName: c.gameName,
      companyName: c.companyName,
      endsAt: c.endsAt,
      keysLeft: c.keysLeft,
    })),
  };
}

/** A number with its label, linking to where it is acted on. */
function Figure({ value, label, to }: { value: number; label: string; to: string }) {
  return (
    <Link to={to} className="card flex flex-col gap-1 p-4 no-underline hover:border-primary">
      <span className="text-3xl font-black tabular-nums">{value}</span>
      <span className="text-sm text-muted-foreground">{label}</span>
    </Link>
  );
}

/** /dashboard's campaigns section, for a company or for a creator. */
export function CampaignsSummaryView({ summary }: { summary: CampaignsSummary }) {
  return summary.kind === "company" ? <CompanySummary summary={summary} /> : <CreatorSummary summary={summary} />;
}

function CompanySummary({ summary }: { summary: Extract<CampaignsSummary, { kind: "company" }> }) {
  const { t } = useTranslation("dashboard");
  const { to, locale } = useLocalePath();
  const endingSoon = new Set(summary.endingSoon.map((c) => c.id));
  return (
    <section className="mt-8 space-y-4" aria-labelledby="campaigns-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="campaigns-heading" className="text-xl font-bold">
          {t("campaigns.company.heading")}
        </h2>
        <Link className="link inline-block py-1 text-sm" to={to("/company/campaigns")}>
          {t("campaigns.company.all")}
        </Link>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Figure
          value={summary.pendingRequests}
          label={t("campaigns.company.pending", { count: summary.pendingRequests })}
          to={to("/company/campaigns")}
        />
        <Figure
          value={summary.coverageReceived}
          label={t("campaigns.company.coverage", { count: summary.coverageReceived })}
          to={to("/company/campaigns")}
        />
      </div>
      {summary.campaigns.length === 0 ? (
        <EmptyState
          title={t("campaigns.company.emptyTitle")}
          action={
            <ButtonLink variant="primary" to={to("/company/campaigns/new")}>
              {t("campaigns.company.emptyAction")}
            </ButtonLink>
          }
        >
          {t("campaigns.company.emptyText")}
        </EmptyState>
      ) : (
        <RowList label={t("campaigns.company.listLabel")}>
          {summary.campaigns.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-3 py-3">
              <div className="min-w-0 flex-1 basis-48">
                <Link className="link inline-block py-1 font-semibold" to={to(`/company/campaigns/${c.id}`)}>
                  {c.gameName}
                </Link>
                <p className="text-sm text-muted-foreground">
                  {t("campaigns.company.ends", { date: formatDate(c.endsAt, locale, { dateStyle: "medium" }) })}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {c.status === "paused" ? <Badge tone="warning">{t("campaigns.company.paused")}</Badge> : null}
                {endingSoon.has(c.id) ? <Badge tone="warning">{t("campaigns.company.endingSoon")}</Badge> : null}
                <Badge tone={c.keysLeft === 0 ? "danger" : "neutral"}>{t("campaigns.company.keysLeft", { count: c.keysLeft })}</Badge>
                {c.pending > 0 ? <Badge tone="info">{t("campaigns.company.pendingBadge", { count: c.pending })}</Badge> : null}
              </div>
            </li>
          ))}
        </RowList>
      )}
    </section>
  );
}

function CreatorSummary({ summary }: { summary: Extract<CampaignsSummary, { kind: "creator" }> }) {
  const { t } = useTranslation("dashboard");
  const { to, locale } = useLocalePath();
  const date = (d: Date | string) => formatDate(d, locale, { dateStyle: "medium" });
  return (
    <section className="mt-8 space-y-6" aria-labelledby="campaigns-heading">
      <h2 id="campaigns-heading" className="text-xl font-bold">
        {t("campaigns.creator.heading")}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Figure value={summary.openRequests} label={t("campaigns.creator.open", { count: summary.openRequests })} to={to("/my-keys")} />
        <Figure
          value={summary.waitingForCoverage.length}
          label={t("campaigns.creator.waiting", { count: summary.waitingForCoverage.length })}
          to={to("/my-keys")}
        />
      </div>
      {summary.waitingForCoverage.length > 0 ? (
        <div>
          <h3 className="font-semibold">{t("campaigns.creator.waitingHeading")}</h3>
          <RowList>
            {summary.waitingForCoverage.map((k) => (
              <li key={k.requestId} className="flex flex-wrap items-center gap-3 py-3">
                {/* A basis, so on a phone the date and the link wrap under the name instead of squeezing it. */}
                <span className="min-w-0 flex-1 basis-48 break-words font-semibold">{k.gameName}</span>
                {k.coverageDueAt ? (
                  <span className="text-sm text-muted-foreground">{t("campaigns.creator.due", { date: date(k.coverageDueAt) })}</span>
                ) : null}
                <Link className="link inline-block py-1 text-sm" to={to("/my-keys")}>
                  {t("campaigns.creator.addCoverage")}
                  <span className="sr-only"> · {k.gameName}</span>
                </Link>
              </li>
            ))}
          </RowList>
        </div>
      ) : null}
      <div>
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h3 className="font-semibold">{t("campaigns.creator.matchingHeading")}</h3>
          <Link className="link inline-block py-1 text-sm" to={to("/campaigns")}>
            {t("campaigns.creator.allOpportunities")}
          </Link>
        </div>
        {summary.matching.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">{t("campaigns.creator.noMatching")}</p>
        ) : (
          <RowList>
            {summary.matching.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center gap-3 py-3">
                <div className="min-w-0 flex-1 basis-48">
                  <Link className="link inline-block py-1 font-semibold" to={to(`/campaigns/${c.id}`)}>
                    {c.gameName}
                  </Link>
                  <p className="text-sm text-muted-foreground">
                    {t("campaigns.creator.by", { company: c.companyName, date: date(c.endsAt) })}
                  </p>
                </div>
                <Badge>{t("campaigns.creator.keysLeft", { count: c.keysLeft })}</Badge>
              </li>
            ))}
          </RowList>
        )}
      </div>
    </section>
  );
}
