import { useTranslation } from "react-i18next";
import type { RootData } from "~/lib/use-locale";
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
      <div className="mx-auto max-w-7xl px-4 pt-20">{children}</div>
      <Footer siteName={data.siteName} forumEnabled={data.flags.forum_enabled} />
    </>
  );
}
