import { useTranslation } from "react-i18next";
import { Link, useMatches } from "react-router";
import { MiniAvatar } from "#app/components/ui/avatar";
import { RelativeTime } from "#app/components/ui/relative-time";
import { Icon } from "#app/components/ui/icon";
import { IconTooltip } from "#app/components/ui/tooltip";
import { iconByKey } from "#app/features/gamification/icon-by-key";
import { achievementName } from "#app/features/gamification/achievement-name";
import { useLocalePath } from "#app/lib/use-locale";
import { EventBanner } from "#app/features/home/event-banner";

import type { SidePanelData } from "#server/modules/site/side-panel";

export type { SidePanelData };

type Widget = "threads" | "members" | "achievements" | "announcements";

/**
 * What a page under the side panel may put in its route `handle`: the widgets its own content already shows
 * (the home page's threads and members), left out of the panel at every width so nothing is listed twice.
 */
export type SidePanelHandle = { sidePanelOmit?: readonly Widget[] };

function Card({ title, omit = false, children }: { title: string; omit?: boolean; children: React.ReactNode }) {
  if (omit) return null;
  return (
    <section className="card p-4">
      <h2 className="text-base font-bold">{title}</h2>
      <div className="mt-3 text-sm">{children}</div>
    </section>
  );
}

/** SPEC §2: every page shows the side panel except login, register, auth callback, admin and resources. */
export function showsSidePanel(path: string): boolean {
  return !/^\/(auth|login|register|admin|resources|dashboard|creator|my-keys|company\/(games|campaigns|verification))(\/|$)/.test(path);
}

/** The page column beside the side panel (from lg); on narrower screens the panel comes after it, folded. */
export function WithSidePanel({ data, children }: { data: SidePanelData; children: React.ReactNode }) {
  const omit = new Set(useMatches().flatMap((m) => (m.handle as SidePanelHandle | undefined)?.sidePanelOmit ?? []));
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <main id="main" className="min-w-0">
        {children}
      </main>
      <SidePanel data={data} omit={omit} />
    </div>
  );
}

/**
 * The panel is rendered once (page weight): a `<details>` closed in the HTML, so on a phone it is one line
 * after the content that opens on demand, before any JavaScript; from lg, app.css hides the summary and
 * shows the content whether or not the disclosure is open (`.side-panel`), so the desktop sees the cards.
 */
export function SidePanel({ data, omit = new Set() }: { data: SidePanelData; omit?: ReadonlySet<Widget> }) {
  const { t } = useTranslation();
  const { to, locale } = useLocalePath();
  const lean = omit.has("threads") && omit.has("members");
  return (
    <aside aria-label={t("sidePanel.label")} className="side-panel">
      <details className="group">
        <summary className="side-panel-summary">
          <span className="min-w-0">{t(lean ? "sidePanel.summaryLean" : "sidePanel.summary")}</span>
          <Icon name="chevron-down" size={20} className="shrink-0 transition-transform group-open:rotate-180" />
        </summary>
        <div className="side-panel-cards">
          <Card title={t("sidePanel.latestThreads")} omit={omit.has("threads")}>
            {data.threads.length === 0 ? (
              <p className="text-muted-foreground">{t("sidePanel.noThreads")}</p>
            ) : (
              <ul className="space-y-3">
                {data.threads.map((th) => (
                  <li key={`${th.forumSlug}/${th.slug}`} className="flex items-start gap-2">
                    <Link to={to(`/u/${th.author.username}`)} aria-label={th.author.username} className="shrink-0">
                      <MiniAvatar url={th.author.avatarUrl} userId={th.author.id} username={th.author.username} size={32} />
                    </Link>
                    <div className="min-w-0">
                      <Link
                        to={to(`/community/${th.forumSlug}/${th.slug}`)}
                        className="line-clamp-2 py-0.5 font-medium leading-5 hover:underline"
                      >
                        {th.title}
                      </Link>
                      <RelativeTime date={th.createdAt} locale={locale} className="block text-xs text-muted-foreground" />
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          {/* Card 2: the top 5 by XP (SPEC §2, §9), leading to the whole leaderboard. */}
          <Card title={t("sidePanel.activeMembers")} omit={omit.has("members")}>
            {data.members.length === 0 ? (
              <p className="text-muted-foreground">{t("sidePanel.noMembers")}</p>
            ) : (
              <ol className="space-y-2">
                {data.members.map((m) => (
                  <li key={m.username} className="flex items-center justify-between gap-2">
                    <Link to={to(`/u/${m.username}`)} className="flex min-w-0 items-center gap-2 font-medium hover:underline">
                      <MiniAvatar url={m.avatarUrl} userId={m.userId} username={m.username} size={28} />
                      <span className="truncate">{m.username}</span>
                    </Link>
                    <span className="shrink-0 text-xs text-muted-foreground">{t("levels:level", { level: m.level })}</span>
                  </li>
                ))}
              </ol>
            )}
            <p className="mt-3">
              <Link to={to("/leaderboard")} className="link inline-block py-1 text-sm">
                {t("sidePanel.seeLeaderboard")}
              </Link>
            </p>
          </Card>
          {/* Card 3: the 3 newest unlocks; the icon names the achievement (in its tooltip and as its accessible name). */}
          <Card title={t("sidePanel.recentAchievements")} omit={omit.has("achievements")}>
            {data.achievements.length === 0 ? (
              <p className="text-muted-foreground">{t("sidePanel.noAchievements")}</p>
            ) : (
              <ul className="space-y-3">
                {data.achievements.map((a) => {
                  return (
                    <li key={`${a.username}-${a.key}`}>
                      <p className="flex flex-wrap items-center gap-x-1.5">
                        <Link to={to(`/u/${a.username}`)} className="font-medium hover:underline">
                          {a.username}
                        </Link>
                        <span>{t("sidePanel.unlocked")}</span>
                        <IconTooltip label={achievementName(t, locale, a)}>
                          <span className="inline-flex size-7 items-center justify-center rounded-full bg-primary/15 text-primary">
                            <Icon name={iconByKey(a.key)} size={16} />
                          </span>
                        </IconTooltip>
                      </p>
                      <RelativeTime date={a.createdAt} locale={locale} className="block text-xs text-muted-foreground" />
                    </li>
                  );
                })}
              </ul>
            )}
          </Card>
          {/* Card 4: the next announced event (admin-managed); with none coming, the channel's banner. */}
          <Card title={t("sidePanel.announcements")} omit={omit.has("announcements")}>
            {data.events.length > 0 ? (
              <div className="space-y-4">
                {data.events.map((e) => (
                  <EventBanner key={e.id} event={e} locale={locale} />
                ))}
              </div>
            ) : (
              <>
                <a href={data.announcement.url} target="_blank" rel="noopener noreferrer" className="block overflow-hidden rounded-lg">
                  <img
                    src={data.announcement.imageUrl}
                    alt={`${t("sidePanel.announcementAlt")} ${t("externalLink")}`}
                    width={640}
                    height={360}
                    loading="lazy"
                    className="h-auto w-full"
                  />
                </a>
                <p className="mt-2 text-muted-foreground">
                  <Icon name="trophy" size={14} className="mr-1 inline" />
                  {t("sidePanel.announcementText")}
                </p>
              </>
            )}
          </Card>
        </div>
      </details>
    </aside>
  );
}
