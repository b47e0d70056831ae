import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocalePath } from "#app/lib/use-locale";

/** A page of the wiki beside /resources: the way back to it, the title, the lead, then the page's content. */
export function WikiPage({ heading, intro, children }: { heading: string; intro: ReactNode; children: ReactNode }) {
  const { t } = useTranslation("wiki");
  const { to } = useLocalePath();
  return (
    <main id="main" className="mx-auto min-w-0 max-w-6xl space-y-8">
      <div className="max-w-[70ch]">
        <Link to={to("/resources")} className="text-sm font-semibold text-primary hover:underline">
          ← {t("back")}
        </Link>
        <h1 className="mt-2 break-words text-3xl font-black sm:text-4xl">{heading}</h1>
        <div className="mt-3 text-lg text-muted-foreground">{intro}</div>
      </div>
      {children}
    </main>
  );
}
