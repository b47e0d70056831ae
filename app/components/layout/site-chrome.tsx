import { useTranslation } from "react-i18next";
import { Link, useNavigation } from "react-router";
import { splitLocalePrefix } from "#shared/locales";
import { useLocalePath, type RootData } from "#app/lib/use-locale";
import { Spinner } from "#app/components/ui/spinner";
import { isGuardedPath } from "./nav";
import { Footer } from "./footer";
import { Header } from "./header";

/** SPEC §2 main layout: fixed background, header and footer around the page. */
export function SiteChrome({ data, children }: { data: RootData; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <a href="#main" className="sr-only z-50 rounded-md bg-card p-3 focus:not-sr-only focus:fixed focus:left-2 focus:top-2">
        {t("skipToContent")}
      </a>
      <div className="site-background" aria-hidden="true" />
      <Header data={data} />
      <div className="mx-auto max-w-7xl px-4 pt-20">
        {data.viewer && !data.viewer.emailVerified ? <VerifyEmailNotice /> : null}
        {children}
      </div>
      <GuardedNavigationSpinner />
      <Footer siteName={data.siteName} forumEnabled={data.flags.forum_enabled} />
    </>
  );
}

/** An unverified account is told, on every page, why it cannot post yet and how to fix it. */
function VerifyEmailNotice() {
  const { t } = useTranslation();
  const { to } = useLocalePath();
  return (
    <p role="status" className="mb-4 mt-2 rounded-lg border border-border bg-muted px-4 py-2 text-sm">
      {t("auth.unverifiedNotice")}{" "}
      <Link className="link font-semibold" to={to("/auth/verify-email")}>
        {t("auth.unverifiedAction")}
      </Link>
    </p>
  );
}

/** SPEC §2: while the session loads for a guarded page, a full-screen spinner stands in for its content. */
function GuardedNavigationSpinner() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const target = navigation.state === "loading" && !navigation.formMethod ? navigation.location?.pathname : undefined;
  if (!target || !isGuardedPath(splitLocalePrefix(target).rest)) return null;
  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-background/80 backdrop-blur-sm">
      <Spinner size={40} label={t("auth.loadingSession")} />
    </div>
  );
}
