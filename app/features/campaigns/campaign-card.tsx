import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { MediaCard } from "#app/components/ui/card";
import { formatNumber } from "#app/features/gamification/numbers";
import { formatDate } from "#app/i18n/format";
import { useLocalePath } from "#app/lib/use-locale";
import { requestTone } from "./labels";

/** What one card of /campaigns shows (a row of `listOpenCampaigns`). */
export type CampaignCardData = {
  id: string;
  gameName: string;
  gameCover: string | null;
  companyName: string;
  companySlug: string;
  platforms: string[];
  regions: string[];
  endsAt: Date | string;
  keysLeft: number;
  minSubscribers: number;
  minAverageViews: number;
  meetsMinimums: boolean | null;
  /** The creator's stated figures meet them, counting channels that are neither verified nor checked. */
  meetsStated?: boolean | null;
  myRequest: string | null;
};

/**
 * An open campaign in the opportunities grid: the game's cover, its name (the card's link), the company (its
 * own link, above the card's), platforms, regions, end date, keys left and minimums; for a creator, whether
 * they meet the minimums and what became of their request.
 */
export function CampaignCard({ campaign: c }: { campaign: CampaignCardData }) {
  const { t } = useTranslation("campaigns");
  const { locale, to } = useLocalePath();
  const hasMinimums = c.minSubscribers > 0 || c.minAverageViews > 0;
  return (
    <MediaCard
      to={to(`/campaigns/${c.id}`)}
      title={c.gameName}
      image={c.gameCover}
      meta={
        <div className="space-y-1">
          <p>
            {t("card.by")}{" "}
            <Link to={to(`/company/${c.companySlug}`)} className="link relative z-10">
              {c.companyName}
            </Link>
          </p>
          <p>{c.platforms.map((p) => t(`platforms.${p}`)).join(" · ")}</p>
          <p>{c.regions.map((r) => t(`regions.${r}`)).join(" · ")}</p>
          <p>
            {t("card.ends", { date: formatDate(c.endsAt, locale, { dateStyle: "medium" }) })} ·{" "}
            {c.keysLeft > 0 ? t("card.keysLeft", { count: c.keysLeft }) : t("card.noKeysLeft")}
          </p>
          <p>
            {hasMinimums
              ? t("card.minimums", {
                  subscribers: t("units.subscribers", { count: c.minSubscribers, n: formatNumber(c.minSubscribers, locale) }),
                  views: t("units.views", { count: c.minAverageViews, n: formatNumber(c.minAverageViews, locale) }),
                })
              : t("card.noMinimums")}
          </p>
        </div>
      }
      badges={
        c.meetsMinimums === null && !c.myRequest ? null : (
          <>
            {c.meetsMinimums === true ? <Badge tone="positive">{t("card.meets")}</Badge> : null}
            {c.meetsMinimums === false ? <Badge tone="warning">{c.meetsStated ? t("card.statedOnly") : t("card.below")}</Badge> : null}
            {c.myRequest ? (
              <Badge tone={requestTone(c.myRequest)}>{t("card.requested", { status: t(`requestStatuses.${c.myRequest}`) })}</Badge>
            ) : null}
          </>
        )
      }
    />
  );
}
