import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useLocalePath } from "#app/lib/use-locale";
import { PREFERENCES_PARAM } from "./cookie-banner";

export function Footer({ siteName, forumEnabled }: { siteName: string; forumEnabled: boolean }) {
  const { t } = useTranslation();
  const { to } = useLocalePath();
  const location = useLocation();
  // Padded to a 28 px tall target (WCAG 2.2 target size), the list stays compact.
  const linkClass = "footer-link";
  return (
    <footer className="mt-16 border-t border-border bg-[var(--header)]">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-extrabold">{siteName}</p>
          <p className="mt-2 text-sm text-muted-foreground">{t("siteTagline")}</p>
        </div>
        <nav aria-label={t("footer.site")}>
          <h2 className="text-sm font-semibold">{t("footer.site")}</h2>
          <ul className="mt-2 space-y-1">
            <li>
              <Link className={linkClass} to={to("/about")}>
                {t("footer.about")}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={to("/videos")}>
                {t("footer.videos")}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={to("/podcast")}>
                {t("footer.podcast")}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={to("/connect")}>
                {t("footer.connect")}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={to("/jobs")}>
                {t("footer.jobs")}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={to("/resources")}>
                {t("footer.resources")}
              </Link>
            </li>
            {forumEnabled ? (
              <li>
                <Link className={linkClass} to={to("/community")}>
                  {t("footer.community")}
                </Link>
              </li>
            ) : null}
            <li>
              <Link className={linkClass} to={to("/arena")}>
                {t("footer.arena")}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t("footer.legal")}>
          <h2 className="text-sm font-semibold">{t("footer.legal")}</h2>
          <ul className="mt-2 space-y-1">
            <li>
              <Link className={linkClass} to={to("/privacy-policy")}>
                {t("footer.privacy")}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={to("/cookie-policy")}>
                {t("footer.cookies")}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={to("/terms-and-conditions")}>
                {t("footer.terms")}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={`${location.pathname}?${PREFERENCES_PARAM}=preferences`} preventScrollReset>
                {t("footer.cookiePreferences")}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-border py-4 text-center text-xs text-muted-foreground">
        {t("footer.rights", { year: new Date().getUTCFullYear(), site: siteName })}
      </p>
    </footer>
  );
}
