import { useTranslation } from "react-i18next";
import { formatNumber } from "#app/features/gamification/numbers";
import { formatDate } from "#app/i18n/format";
import { useLocalePath } from "#app/lib/use-locale";

export type CampaignTermsData = {
  status: string;
  startsAt: Date | string;
  endsAt: Date | string;
  platforms: string[];
  regions: string[];
  languages: string[];
  genres: string[];
  releaseStatus: string;
  coverageDays: number;
  minSubscribers: number;
  minAverageViews: number;
  autoApprove: boolean;
  keysLeft: number;
};

/** A campaign's terms as a description list: dates, platforms, regions, languages, coverage, minimums, approval. */
export function CampaignTerms({ campaign: c }: { campaign: CampaignTermsData }) {
  const { t } = useTranslation("campaigns");
  const { locale } = useLocalePath();
  const date = (d: Date | string) => formatDate(d, locale, { dateStyle: "long" });
  const hasMinimums = c.minSubscribers > 0 || c.minAverageViews > 0;
  const rows: [string, string][] = [
    [t("detail.status"), t(`campaignStatuses.${c.status}`)],
    [t("detail.dates"), t("detail.datesValue", { start: date(c.startsAt), end: date(c.endsAt) })],
    [t("detail.platforms"), c.platforms.map((p) => t(`platforms.${p}`)).join(", ")],
    [t("detail.regions"), c.regions.map((r) => t(`regions.${r}`)).join(", ")],
    [t("detail.languages"), c.languages.length ? c.languages.map((l) => t(`languages.${l}`)).join(", ") : t("detail.anyLanguage")],
    [t("detail.coverage"), t("detail.coverageDays", { count: c.coverageDays })],
    [
      t("detail.minimums"),
      hasMinimums
        ? t("detail.minimumsValue", {
            subscribers: t("units.subscribers", { count: c.minSubscribers, n: formatNumber(c.minSubscribers, locale) }),
            views: t("units.views", { count: c.minAverageViews, n: formatNumber(c.minAverageViews, locale) }),
          })
        : t("detail.noMinimums"),
    ],
    [t("detail.approval"), c.autoApprove ? t("detail.autoApprove") : t("detail.manualApprove")],
    [t("detail.keysLeft"), formatNumber(c.keysLeft, locale)],
  ];
  if (c.genres.length) rows.push([t("detail.genres"), c.genres.map((g) => t(`genres.${g}`)).join(", ")]);
  rows.push([t("detail.releaseStatus"), t(`releaseStatuses.${c.releaseStatus}`)]);
  return (
    <dl className="divide-y divide-border text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr]">
          <dt className="font-semibold">{term}</dt>
          <dd className="text-muted-foreground">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
