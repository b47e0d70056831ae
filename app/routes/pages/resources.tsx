import { Icon } from "#app/components/ui/icon";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { levelName } from "#app/features/gamification/level-name";
import { AdminTabsList, GuideSection, SECTION, TABLE_WRAP } from "#app/features/wiki/guide-sections";
import { JobsWikiSection } from "#app/features/jobs/wiki-section";
import { ShopWikiSection } from "#app/features/shop/wiki-section";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath, useRootData } from "#app/lib/use-locale";
import { ANALYTICS_EVENT_TYPES } from "#shared/analytics";
import { KEY_UPLOAD_LIMITS } from "#shared/campaigns";
import type { Route } from "./+types/resources";

export const handle = { i18n: ["site", "levels", "shop", "jobs"] };

export async function loader({ context, request }: Route.LoaderArgs) {
  const { t, seo, site } = pageTools(context, request, "site");
  return {
    flags: await context.services.settings.runtimeFlags(),
    // The gamification guide quotes the live numbers, so it never disagrees with what members earn.
    xpRules: await context.services.gamification.xpRules(),
    levels: await context.services.gamification.listLevels(),
    // The character guide quotes the live gold amounts and the class change's cost.
    characterRules: await context.services.settings.get("character_settings"),
    seo: seo({ title: t("resources.title"), description: t("resources.description", { site }) }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

/** Who can do what, in the order a person meets them; texts under `resources.accounts`. */
const PEOPLE = ["visitor", "unverified", "player", "creator", "companyPending", "companyVerified", "moderator", "admin"] as const;
const ACCOUNT_RULES = ["signUp", "password", "username", "usernameChange"] as const;
/** What a member can do in the forum; texts under `resources.forumGuide.items`. */
const FORUM_GUIDE = ["posting", "markdown", "interact", "answers", "notifications", "search", "limits", "reports"] as const;
/** Creator key campaigns; texts under `resources.campaignsGuide.items`. */
const CAMPAIGNS_GUIDE = ["games", "campaigns", "keys", "requests", "creators", "channels", "myKeys", "trace", "team"] as const;
/** The key upload's limits the guide quotes, from where the upload enforces them. */
const KEY_LIMITS = {
  minutes: KEY_UPLOAD_LIMITS.previewMinutes,
  pending: KEY_UPLOAD_LIMITS.pendingPreviews,
  megabytes: KEY_UPLOAD_LIMITS.pendingMegabytes,
  previews: KEY_UPLOAD_LIMITS.previewsPerHour,
};
/** Featured games; texts under `resources.featuredGuide.items`. */
const FEATURED_GUIDE = [
  "offer",
  "submit",
  "promo",
  "pay",
  "paymentsOff",
  "review",
  "schedule",
  "pages",
  "analytics",
  "studioMail",
] as const;

/** Every analytics event type the site accepts (shared/analytics.ts); texts under `resources.analyticsEvents.items`. */
const ANALYTICS_EVENTS = ANALYTICS_EVENT_TYPES;

/** The forum admin's tabs and who uses them; texts under `resources.forumAdmin`. */
const FORUM_ADMIN_TABS = [
  ["overview", "team"],
  ["moderation", "team"],
  ["content", "admins"],
  ["settings", "admins"],
  ["users", "team"],
  ["audit", "team"],
] as const;

/** How XP works for members; texts under `resources.gamificationGuide.items`. */
const GAMIFICATION_GUIDE = ["earning", "takenBack", "caps", "levels", "achievements", "leaderboard", "history"] as const;
/** The site admin's tabs (announced events, missing translations) and who uses them (server/modules/site/policy.ts). */
const SITE_ADMIN_TABS = [
  ["announcements", "admins"],
  ["translations", "admins"],
] as const;

/** The gamification admin's tabs and who uses them (policy in server/modules/gamification/policy.ts). */
const GAMIFICATION_ADMIN_TABS = [
  ["settings", "admins"],
  ["levels", "admins"],
  ["achievements", "admins"],
  ["ranking", "team"],
] as const;

/** Running the site behind proxies and under load, for whoever hosts it; texts under `resources.hostingGuide.items`. */
/** Podcast episode rooms, for the team and their guests; texts under `resources.episodeRoomsGuide.items`. */
const EPISODE_ROOMS_GUIDE = ["open", "invite", "guest", "script", "schedule", "chat", "files", "notices", "publish"] as const;

const HOSTING_GUIDE = ["address", "slowSenders", "overload", "health", "payments", "storage"] as const;

/** Videos, the podcast and writing to the team, for visitors and the team (texts under `resources.contentGuide`). */
const CONTENT_GUIDE = ["videos", "podcast", "collaborators", "contact", "team"] as const;

/** The wiki's sections in order: the anchor each has and the key of its title (the table of contents). */
const SECTIONS = [
  ["flags", "resources.flagsTitle"],
  ["generated", "resources.generated.title"],
  ["accounts", "resources.accounts.title"],
  ["forum", "resources.forumGuide.title"],
  ["forum-admin", "resources.forumAdmin.title"],
  ["campaigns", "resources.campaignsGuide.title"],
  ["featured", "resources.featuredGuide.title"],
  ["analytics-events", "resources.analyticsEvents.title"],
  ["content", "resources.contentGuide.title"],
  ["episode-rooms", "resources.episodeRoomsGuide.title"],
  ["xp", "resources.gamificationGuide.title"],
  ["character", "resources.characterGuide.title"],
  ["xp-admin", "resources.gamificationAdmin.title"],
  ["site-admin", "resources.siteAdmin.title"],
  ["shop", "shop:wiki.title"],
  ["jobs", "jobs:wiki.title"],
  ["hosting", "resources.hostingGuide.title"],
] as const;

/** The wiki's pages generated from the code (app/routes.ts, beside this one); texts under `resources.generated`. */
const GENERATED_PAGES = [
  ["/resources/database", "database"],
  ["/resources/api", "api"],
] as const;

function TocLinks() {
  const { t } = useTranslation("site");
  return (
    <ol className="space-y-1 text-sm">
      {SECTIONS.map(([id, key]) => (
        <li key={id}>
          <a href={`#${id}`} className="block rounded-md px-2 py-1.5 text-muted-foreground hover:bg-muted hover:text-foreground">
            {t(key)}
          </a>
        </li>
      ))}
    </ol>
  );
}

/**
 * The resources wiki (SPEC §1): outside the side panel. Feature flags, then accounts, roles and permissions,
 * the forum and XP guides. A table of contents stays in view beside the text on wide screens and folds into
 * a disclosure above it on phones; the text keeps a reading width of about 70 characters.
 */
export default function Resources({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  const site = useRootData()?.siteName ?? "";
  const { to } = useLocalePath();
  return (
    <main id="main" className="lg:grid lg:grid-cols-[15rem_minmax(0,70ch)] lg:items-start lg:justify-center lg:gap-10">
      <nav
        aria-label={t("resources.toc")}
        className="sticky top-20 hidden max-h-[calc(100vh-6rem)] overflow-y-auto lg:block"
        data-toc="aside"
      >
        <p className="px-2 pb-2 text-sm font-bold">{t("resources.toc")}</p>
        <TocLinks />
      </nav>
      <div className="min-w-0 max-w-[70ch]">
        <h1 className="break-words text-3xl font-black sm:text-4xl">{t("resources.heading")}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{t("resources.intro", { site })}</p>
        <details className="group card mt-6 p-4 lg:hidden" data-toc="details">
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 font-bold [&::-webkit-details-marker]:hidden">
            {t("resources.toc")}
            <Icon name="chevron-down" size={20} className="shrink-0 transition-transform group-open:rotate-180" />
          </summary>
          <nav aria-label={t("resources.toc")} className="mt-2">
            <TocLinks />
          </nav>
        </details>
        <section id="flags" aria-labelledby="flags-heading" className={`${SECTION} mt-8`}>
          <h2 id="flags-heading" className="text-xl font-bold">
            {t("resources.flagsTitle")}
          </h2>
          <p className="mt-1 text-muted-foreground">{t("resources.flagsText")}</p>
          <div className={TABLE_WRAP}>
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-border">
                  <th scope="col" className="py-2 pr-4">
                    {t("resources.flag")}
                  </th>
                  <th scope="col" className="py-2">
                    {t("resources.state")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(loaderData.flags).map(([key, on]) => (
                  <tr key={key} className="border-b border-border align-top">
                    <th scope="row" className="py-2 pr-4 font-normal">
                      <code className="break-all font-mono text-xs font-semibold">{key}</code>
                      <p className="text-muted-foreground">{t(`resources.flags.${key}`)}</p>
                    </th>
                    <td className="whitespace-nowrap py-2">{on ? t("resources.on") : t("resources.off")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <section id="generated" aria-labelledby="generated-heading" className={`${SECTION} mt-8`}>
          <h2 id="generated-heading" className="text-xl font-bold">
            {t("resources.generated.title")}
          </h2>
          <p className="mt-1 text-muted-foreground">{t("resources.generated.intro")}</p>
          <ul className="mt-4 space-y-2">
            {GENERATED_PAGES.map(([path, key]) => (
              <li key={path}>
                <Link to={to(path)} className="font-semibold text-primary underline">
                  {t(`resources.generated.${key}`)}
                </Link>{" "}
                <span className="text-muted-foreground">{t(`resources.generated.${key}Text`)}</span>
              </li>
            ))}
          </ul>
        </section>
        <section id="accounts" aria-labelledby="accounts-heading" className={`${SECTION} mt-8`}>
          <h2 id="accounts-heading" className="text-xl font-bold">
            {t("resources.accounts.title")}
          </h2>
          <p className="mt-1 text-muted-foreground">{t("resources.accounts.intro", { site })}</p>
          {/* Who can do what: a name above its text (two columns would squeeze both on a phone). */}
          <dl className="mt-4 divide-y divide-border border-y border-border text-sm">
            {PEOPLE.map((who) => (
              <div key={who} className="py-2 sm:grid sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
                <dt className="font-semibold">{t(`resources.accounts.people.${who}.name`)}</dt>
                <dd className="text-muted-foreground">{t(`resources.accounts.people.${who}.can`)}</dd>
              </div>
            ))}
          </dl>
          <h3 className="mt-6 font-bold">{t("resources.accounts.rulesTitle")}</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {ACCOUNT_RULES.map((rule) => (
              <li key={rule}>{t(`resources.accounts.rules.${rule}`)}</li>
            ))}
          </ul>
        </section>
        <GuideSection id="forum" area="forumGuide" items={FORUM_GUIDE} />

        <section id="forum-admin" aria-labelledby="forum-admin-heading" className={`${SECTION} mt-8`}>
          <h2 id="forum-admin-heading" className="text-xl font-bold">
            {t("resources.forumAdmin.title")}
          </h2>
          <p className="mt-1 text-muted-foreground">{t("resources.forumAdmin.intro")}</p>
          <AdminTabsList area="forumAdmin" tabs={FORUM_ADMIN_TABS} />
          <h3 className="mt-6 font-bold">{t("resources.forumAdmin.limitsTitle")}</h3>
          <p className="mt-2 text-sm">{t("resources.forumAdmin.limitsText")}</p>
        </section>

        <GuideSection
          id="campaigns"
          area="campaignsGuide"
          items={CAMPAIGNS_GUIDE}
          values={{ ...KEY_LIMITS, minutes: t("resources.campaignsGuide.minutes", { count: KEY_LIMITS.minutes }) }}
        />

        <GuideSection id="featured" area="featuredGuide" items={FEATURED_GUIDE} />

        <GuideSection id="analytics-events" area="analyticsEvents" items={ANALYTICS_EVENTS} />

        <GuideSection id="content" area="contentGuide" items={CONTENT_GUIDE} />

        <GuideSection id="episode-rooms" area="episodeRoomsGuide" items={EPISODE_ROOMS_GUIDE} />

        <GamificationGuide rules={loaderData.xpRules} levels={loaderData.levels} />
        <CharacterGuide rules={loaderData.characterRules} />

        <section id="xp-admin" aria-labelledby="gamification-admin-heading" className={`${SECTION} mt-8`}>
          <h2 id="gamification-admin-heading" className="text-xl font-bold">
            {t("resources.gamificationAdmin.title")}
          </h2>
          <p className="mt-1 text-muted-foreground">{t("resources.gamificationAdmin.intro")}</p>
          <AdminTabsList area="gamificationAdmin" tabs={GAMIFICATION_ADMIN_TABS} />
        </section>

        <section id="site-admin" aria-labelledby="site-admin-heading" className={`${SECTION} mt-8`}>
          <h2 id="site-admin-heading" className="text-xl font-bold">
            {t("resources.siteAdmin.title")}
          </h2>
          <p className="mt-1 text-muted-foreground">{t("resources.siteAdmin.intro")}</p>
          <AdminTabsList area="siteAdmin" tabs={SITE_ADMIN_TABS} />
        </section>

        <ShopWikiSection className={`${SECTION} mt-8`} />

        <JobsWikiSection className={`${SECTION} mt-8`} />

        <GuideSection id="hosting" area="hostingGuide" items={HOSTING_GUIDE} />
      </div>
    </main>
  );
}

/** The role-play character for members; texts under `resources.characterGuide.items`. */
const CHARACTER_GUIDE = ["classes", "perks", "statPoints", "gold", "goldHistory", "items", "equip", "avatar", "arena"] as const;

/** The character, its gold and its items, with the site's current gold amounts. */
function CharacterGuide({ rules }: { rules: Route.ComponentProps["loaderData"]["characterRules"] }) {
  const { t, i18n } = useTranslation("site");
  const number = new Intl.NumberFormat(i18n.language);
  const values = {
    perLevel: number.format(rules.goldPerLevel),
    perAchievement: number.format(rules.goldPerAchievement),
    daily: number.format(rules.goldDailyActivity),
    arenaWin: number.format(rules.arenaWinGold),
    classChange: number.format(rules.classChangeCost),
    arenaLoss: number.format(rules.arenaLossGold),
    rendersPerMinute: number.format(rules.rendersPerMinute),
    dailyCap: number.format(rules.arenaDailyCap),
    // The arena's wait, in seconds: its text is a plural form.
    count: rules.arenaQueueSeconds,
  };
  return (
    <section id="character" aria-labelledby="character-guide-heading" className={`${SECTION} mt-8`}>
      <h2 id="character-guide-heading" className="text-xl font-bold">
        {t("resources.characterGuide.title")}
      </h2>
      <p className="mt-1 text-muted-foreground">{t("resources.characterGuide.intro")}</p>
      <dl className="mt-4 space-y-3">
        {CHARACTER_GUIDE.map((key) => (
          <div key={key}>
            <dt className="font-semibold">{t(`resources.characterGuide.items.${key}.name`)}</dt>
            <dd className="text-muted-foreground">{t(`resources.characterGuide.items.${key}.text`, values)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

type GuideProps = { rules: Route.ComponentProps["loaderData"]["xpRules"]; levels: Route.ComponentProps["loaderData"]["levels"] };

/** XP, levels and achievements for members, with the site's current numbers and its level table. */
function GamificationGuide({ rules, levels }: GuideProps) {
  const { t, i18n } = useTranslation(["site", "levels"]);
  const number = new Intl.NumberFormat(i18n.language);
  const cap = (value: number | null) => (value === null ? "∞" : number.format(value));
  const values = {
    thread: rules.rewards.thread_create,
    reply: rules.rewards.post_create,
    like: rules.rewards.like_received,
    threadCap: cap(rules.dailyCaps.thread_create),
    replyCap: cap(rules.dailyCaps.post_create),
    likeCap: cap(rules.dailyCaps.like_received),
    pairCap: cap(rules.pairDailyCap),
    statPoints: t("levels:statPoints", { count: rules.statPointsPerLevel }),
  };
  return (
    <section id="xp" aria-labelledby="gamification-guide-heading" className={`${SECTION} mt-8`}>
      <h2 id="gamification-guide-heading" className="text-xl font-bold">
        {t("resources.gamificationGuide.title")}
      </h2>
      <p className="mt-1 text-muted-foreground">{t("resources.gamificationGuide.intro")}</p>
      <dl className="mt-4 space-y-3">
        {GAMIFICATION_GUIDE.map((key) => (
          <div key={key}>
            <dt className="font-semibold">{t(`resources.gamificationGuide.items.${key}.name`)}</dt>
            <dd className="text-muted-foreground">{t(`resources.gamificationGuide.items.${key}.text`, values)}</dd>
          </div>
        ))}
      </dl>
      <details className="mt-4">
        <summary className="cursor-pointer font-semibold">{t("resources.gamificationGuide.levelTable.summary")}</summary>
        <div className={TABLE_WRAP}>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="py-1 pr-4">
                  {t("resources.gamificationGuide.levelTable.level")}
                </th>
                <th scope="col" className="py-1 pr-4">
                  {t("resources.gamificationGuide.levelTable.title")}
                </th>
                <th scope="col" className="py-1 text-right">
                  {t("resources.gamificationGuide.levelTable.xp")}
                </th>
              </tr>
            </thead>
            <tbody>
              {levels.map((l) => (
                <tr key={l.level} className="border-b border-border">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {number.format(l.level)}
                  </th>
                  <td className="py-1 pr-4">{levelName(t, l)}</td>
                  <td className="py-1 text-right tabular-nums">{number.format(l.xpRequired)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
