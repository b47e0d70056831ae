import { useTranslation } from "react-i18next";
import { Badge } from "#app/components/ui/badge";
import type { Locale } from "#shared/locales";
import type { ArenaRecord, ArenaStanding } from "#server/modules/character";
import { formatWhole } from "./numbers";

/**
 * A member's arena rating and record, all time and this season: on /arena (one's own) and on a public profile
 * (`heading` names the section; its level follows the page's outline).
 */
export function ArenaRecordCard({
  record,
  locale,
  heading,
  headingLevel = 2,
}: {
  record: ArenaRecord;
  locale: Locale;
  heading: string;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation("arena");
  const H = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="arena-record" className="card p-4 sm:p-6">
      <H id="arena-record" className="text-lg font-bold">
        {heading}
      </H>
      <dl className="mt-3 grid gap-4 sm:grid-cols-2">
        <Standing label={t("record.all")} standing={record.all} locale={locale} />
        <Standing label={t("record.season", { season: record.season })} standing={record.current} locale={locale} />
      </dl>
    </section>
  );
}

function Standing({ label, standing, locale }: { label: string; standing: ArenaStanding; locale: Locale }) {
  const { t } = useTranslation("arena");
  return (
    <div className="rounded-control bg-muted p-3">
      <dt className="text-sm font-semibold text-muted-foreground">{label}</dt>
      <dd className="mt-1">
        {standing.played ? (
          <>
            <span className="flex flex-wrap items-baseline gap-2">
              <span className="text-2xl font-black tabular-nums">{formatWhole(standing.rating, locale)}</span>
              <span className="text-sm text-muted-foreground tabular-nums">
                <span className="sr-only">{t("record.deviationLabel")} </span>
                {t("record.deviation", { deviation: formatWhole(standing.deviation, locale) })}
              </span>
              {standing.provisional ? <Badge tone="warning">{t("record.provisional")}</Badge> : null}
            </span>
            <span className="mt-1 block text-sm">
              {t("record.wins", { count: standing.wins })} · {t("record.losses", { count: standing.losses })}
            </span>
          </>
        ) : (
          <span className="text-sm text-muted-foreground">{t("record.notPlayed")}</span>
        )}
      </dd>
    </div>
  );
}
