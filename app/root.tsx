import { useEffect, useRef, useState } from "react";
import { FlashToasts } from "./components/layout/flash-toasts";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, type MetaFunction } from "react-router";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { CookieBanner } from "./components/layout/cookie-banner";
import { ErrorView } from "./components/layout/error-view";
import { Toaster } from "./components/ui/toast";
import { sendPageview, setAnalyticsActive } from "./lib/analytics-client";
import { installGameClicks, trackGameView } from "./lib/game-analytics-client";
import { installTrackedClicks } from "./lib/track-clicks";
import { useBoot } from "./lib/boot";
import { announceConsent } from "./lib/consent-client";
import type { Consent } from "#shared/preferences";
import { useRootData, type RootData } from "./lib/use-locale";
import { SiteChrome } from "./components/layout/site-chrome";
import { showsSidePanel, WithSidePanel } from "./components/layout/side-panel";
import { splitLocalePrefix } from "#shared/locales";
import { serverT } from "./i18n/server";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appCss },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Kept per language and site name: interpolating them cost 1.5 % of every page's server time.
const titlesKept = new Map<string, { notFound: string; error: string }>();

function errorTitles(locale: Parameters<typeof serverT>[0], site: string) {
  const key = `${locale}|${site}`;
  let titles = titlesKept.get(key);
  if (!titles) {
    const t = serverT(locale);
    titles = {
      notFound: t("siteTitle", { title: t("errors.notFoundTitle"), site }),
      error: t("siteTitle", { title: t("errors.title"), site }),
    };
    if (titlesKept.size < 16) titlesKept.set(key, titles);
  }
  return titles;
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, actor } = context;
  const flags = await services.settings.runtimeFlags();
  // SPEC §9: a language with too many missing keys shows English where its own text is missing, in the browser too.
  const englishFallback = context.locale !== "en" && (await services.site.flaggedLanguages()).includes(context.locale);
  return {
    englishFallback,
    locale: context.locale,
    localePrefix: context.localePrefix,
    theme: context.theme,
    consent: context.consent,
    flags,
    sidePanel: await services.site.sidePanel(),
    siteName: services.env.siteName,
    baseUrl: services.env.baseUrl,
    requestId: context.requestId,
    // Whole titles in the format every page uses ("… | <site> Community"), 404 and error pages alike.
    errorTitles: errorTitles(context.locale, services.env.siteName),
    // Only what the header needs about the signed-in person; never roles' internals or secrets.
    viewer: actor
      ? {
          // The id names the generated avatar (/avatars/{id}.svg); it is the person's own.
          id: actor.userId,
          username: actor.username,
          email: actor.email,
          emailVerified: actor.emailVerified,
          avatarUrl: actor.avatarUrl,
          profileRole: actor.profileRole,
          roles: actor.roles,
          companyVerified: actor.company?.verified ?? null,
          isStaff: context.abilities.staff,
          // The character and the arena are for members (a studio waiting for verification plays nothing yet).
          canPlay: services.character.abilities(actor).play,
          // The bell's count: one cheap count for signed-in people (visitors cost no query).
          unreadNotifications: await services.notifications.unreadCount(actor),
        }
      : null,
  };
}

/** Error pages: a translated title, never indexed. Pages set their own metadata. */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (!data) return [{ title: "" }];
  if (!error) return [{ title: data.siteName }];
  const title = isRouteErrorResponse(error) && error.status === 404 ? data.errorTitles.notFound : data.errorTitles.error;
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
};

/** Applies a "system" theme and a theme kept only in local storage before the first paint (no flash). */
const themeScript = `(function(){try{var d=document.documentElement,t=d.dataset.theme,hasCookie=/(?:^|; )theme=/.test(document.cookie),s=localStorage.getItem("theme");
if(!hasCookie&&s&&s!==t&&/^(light|dark|system)$/.test(s)){t=s;d.dataset.theme=s;document.cookie="theme="+s+";path=/;max-age=31536000;samesite=lax";}
else if(hasCookie){localStorage.setItem("theme",t);}
d.classList.toggle("dark",t==="dark"||(t==="system"&&matchMedia("(prefers-color-scheme: dark)").matches));}catch(e){}})();`;

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const { nonce, i18nPayload, i18nPreload } = useBoot();
  const theme = data?.theme ?? "dark";
  return (
    <html lang={data?.locale ?? "en"} className={theme === "dark" ? "dark" : undefined} data-theme={theme} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark light" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: themeScript }} />
        <Meta />
        <Links />
        {/* The page's translation files, fetched beside the scripts so hydration does not wait for them. */}
        {i18nPreload?.map((href) => (
          <link key={href} rel="preload" as="fetch" href={href} crossOrigin="anonymous" />
        ))}
      </head>
      <body className="min-h-screen bg-background text-foreground antialiased">
        {children}
        <script id="i18n-boot" type="application/json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: i18nPayload }} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Page views once per path change, only with the flag on and the visitor's consent (SPEC §4). */
function useAnalytics(enabled: boolean, consent: Consent | null) {
  const location = useLocation();
  const lastPath = useRef<string | null>(null);
  const active = enabled && consent?.analytics === true;
  useEffect(() => {
    setAnalyticsActive(active);
    if (!active || lastPath.current === location.pathname) return;
    const referrer = lastPath.current === null ? document.referrer : window.location.origin + lastPath.current;
    lastPath.current = location.pathname;
    void sendPageview(location.pathname, referrer);
    trackGameView();
  }, [active, location.pathname]);
  useEffect(() => installGameClicks(), []);
  useEffect(() => installTrackedClicks(), []);
}

/** Cookie banner, toasts and analytics: on every page, error pages included. */
function SiteOverlays({ data }: { data: RootData }) {
  const [consent, setConsent] = useState<Consent | null>(data.consent);
  useEffect(() => setConsent(data.consent), [data.consent]);
  useEffect(() => announceConsent(data.consent), []); // eslint-disable-line react-hooks/exhaustive-deps
  useAnalytics(data.flags.analytics_enabled, consent);
  return (
    <>
      <CookieBanner consent={consent} onChange={setConsent} />
      <Toaster />
      <FlashToasts />
    </>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Outlet />
      <SiteOverlays data={loaderData} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRootData();
  const location = useLocation();
  if (!data) {
    return (
      <main id="main" className="mx-auto max-w-3xl px-4">
        <ErrorView error={error} />
      </main>
    );
  }
  return (
    <>
      <SiteChrome data={data}>
        {showsSidePanel(splitLocalePrefix(location.pathname).rest) ? (
          <WithSidePanel data={data.sidePanel}>
            <ErrorView error={error} />
          </WithSidePanel>
        ) : (
          <main id="main">
            <ErrorView error={error} />
          </main>
        )}
      </SiteChrome>
      <SiteOverlays data={data} />
    </>
  );
}
