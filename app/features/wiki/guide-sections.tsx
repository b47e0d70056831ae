import { useTranslation } from "react-i18next";

/** The wiki's building blocks on /resources: its section cards, its guides and the admin areas' tab lists. */

/** Every section: a card with an anchor the table of contents links to, clear of the fixed header. */
export const SECTION = "card scroll-mt-24 p-5 sm:p-6";
/** Tables scroll sideways inside their card on a narrow screen, never the page. */
export const TABLE_WRAP = "mt-4 -mx-1 overflow-x-auto px-1";

/**
 * A guide of the wiki: a card with its title, intro and one entry per item (texts under
 * `resources.<area>.items.<key>.name` and `.text`, with `values` for the numbers a text quotes).
 */
export function GuideSection({
  id,
  area,
  items,
  values,
}: {
  id: string;
  area: string;
  items: readonly string[];
  values?: Record<string, string | number>;
}) {
  const { t } = useTranslation("site");
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={`${SECTION} mt-8`}>
      <h2 id={`${id}-heading`} className="text-xl font-bold">
        {t(`resources.${area}.title`)}
      </h2>
      <p className="mt-1 text-muted-foreground">{t(`resources.${area}.intro`)}</p>
      <dl className="mt-4 space-y-3">
        {items.map((key) => (
          <div key={key}>
            <dt className="font-semibold">{t(`resources.${area}.items.${key}.name`)}</dt>
            <dd className="text-muted-foreground">{t(`resources.${area}.items.${key}.text`, values)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * An admin area's tabs, who uses each and what it is for (texts under `resources.<area>.tabs`): each tab's
 * name and who uses it above what it is for, which reads on a phone as well as on a wide screen.
 */
export function AdminTabsList({
  area,
  tabs,
}: {
  area: "forumAdmin" | "gamificationAdmin" | "siteAdmin";
  tabs: readonly (readonly [string, "team" | "admins"])[];
}) {
  const { t } = useTranslation("site");
  return (
    <dl className="mt-4 divide-y divide-border border-y border-border text-sm">
      {tabs.map(([tab, who]) => (
        <div key={tab} className="py-2">
          <dt className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-semibold">{t(`resources.${area}.tabs.${tab}.name`)}</span>
            <span className="text-xs text-muted-foreground">
              {t("resources.forumAdmin.who")}: {t(`resources.forumAdmin.${who}`)}
            </span>
          </dt>
          <dd className="mt-0.5 text-muted-foreground">{t(`resources.${area}.tabs.${tab}.what`)}</dd>
        </div>
      ))}
    </dl>
  );
}
