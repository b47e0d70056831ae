import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge, type BadgeTone } from "#app/components/ui/badge";
import { MediaSlot } from "#app/components/ui/media-slot";
import { useDateFormat } from "#app/lib/use-date-format";
import { useLocalePath } from "#app/lib/use-locale";
import { FeaturedCard, type FeaturedCardData } from "./featured-card";

const SCHEDULE_TONE: Record<string, BadgeTone> = { scheduled: "info", active: "positive", finished: "neutral", expired: "warning" };
const REQUEST_TONE: Record<string, BadgeTone> = {
  pending_payment: "warning",
  pending_review: "info",
  pending_approval: "info",
  rejected: "danger",
};

type StudioGame = FeaturedCardData & {
  featureType: string;
  scheduleStatus: string;
  visible: boolean;
  startsAt: string | Date;
  endsAt: string | Date;
  onShow: boolean;
};
type StudioRequest = { id: string; gameName: string; featureType: string; status: string; createdAt: string | Date };

/**
 * "My games": the studio's featured games with their state (scheduled, on show, hidden, ended) and its promotion
 * requests on their way, so a studio sees what it paid for next to the games it lists for campaigns.
 */
export function StudioFeaturedGames({ games, requests }: { games: StudioGame[]; requests: StudioRequest[] }) {
  const { t } = useTranslation("company-campaigns");
  const { to } = useLocalePath();
  const { date } = useDateFormat();
  return (
    <section aria-labelledby="studio-featured" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="studio-featured" className="text-2xl font-bold">
            {t("games.featured.title")}
          </h2>
          <p className="mt-1 text-muted-foreground">{t("games.featured.lead")}</p>
        </div>
        <Link to={to("/collaborate")} className="btn btn-outline">
          {t("games.featured.promote")}
        </Link>
      </div>
      {games.length === 0 && requests.length === 0 ? <p className="text-muted-foreground">{t("games.featured.none")}</p> : null}
      {games.length ? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {games.map((g) => (
            <li key={g.id} className="card flex flex-col overflow-hidden" data-featured-id={g.id}>
              <MediaSlot src={g.imageUrl} />
              <div className="flex flex-1 flex-col gap-2 p-4">
                <h3 className="text-lg font-bold leading-snug">
                  {g.onShow && g.hasPage ? (
                    <Link to={to(`/games/${g.slug}`)} className="link">
                      {g.gameName}
                    </Link>
                  ) : (
                    g.gameName
                  )}
                </h3>
                <p className="text-sm text-muted-foreground">
                  {t(`promotions:labels.featureType.${g.featureType}`)} · {date(g.startsAt)} – {date(g.endsAt)}
                </p>
                <div className="mt-auto flex flex-wrap gap-1.5 pt-1">
                  <Badge tone={SCHEDULE_TONE[g.scheduleStatus] ?? "neutral"}>
                    {t(`promotions:labels.scheduleStatus.${g.scheduleStatus}`)}
                  </Badge>
                  {g.visible ? null : <Badge tone="warning">{t("promotions:labels.hidden")}</Badge>}
                  {g.onShow ? <Badge tone="positive">{t("games.featured.onShow")}</Badge> : null}
                </div>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {requests.length ? (
        <div>
          <h3 className="text-lg font-bold">{t("games.featured.requests")}</h3>
          <ul className="mt-2 divide-y divide-border rounded-card border border-border">
            {requests.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <span className="min-w-0">
                  <span className="font-semibold [overflow-wrap:anywhere]">{r.gameName}</span>
                  <span className="block text-sm text-muted-foreground">
                    {t(`promotions:labels.featureType.${r.featureType}`)} · {t("games.featured.sent", { date: date(r.createdAt) })}
                  </span>
                </span>
                <Badge tone={REQUEST_TONE[r.status] ?? "neutral"}>{t(`promotions:labels.submissionStatus.${r.status}`)}</Badge>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** The studio's public page: its featured games on show now, as the featured-games list shows them. */
export function PublicStudioFeatured({ games }: { games: FeaturedCardData[] }) {
  const { t } = useTranslation("company");
  if (games.length === 0) return null;
  return (
    <section aria-labelledby="company-featured" className="mt-8">
      <h2 id="company-featured" className="text-2xl font-bold">
        {t("public.featured")}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {games.map((g) => (
          <li key={g.id}>
            <FeaturedCard game={g} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
