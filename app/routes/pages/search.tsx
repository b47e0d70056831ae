import { useTranslation } from "react-i18next";
import { useLocalePath } from "~/lib/use-locale";
import { pageTools } from "~/lib/page.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/search";

export const handle = { i18n: ["site"] };

/** The SearchAction target of the site's metadata. Areas add their results as they open. */
export function loader({ context, request }: Route.LoaderArgs) {
  const { t, seo } = pageTools(context, request, "site");
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 200);
  return { q, seo: seo({ title: t("search.title"), description: t("search.description"), noindex: true }) };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  const { to } = useLocalePath();
  const { q } = loaderData;
  return (
    <section>
      <h1 className="text-3xl font-black">{q ? t("search.resultsFor", { q }) : t("search.heading")}</h1>
      <form role="search" method="get" action={to("/search")} className="mt-6 flex max-w-xl gap-2">
        <label htmlFor="search-page-q" className="sr-only">{t("common:search.label")}</label>
        <input id="search-page-q" name="q" type="search" defaultValue={q} className="input" />
        <button type="submit" className="btn btn-primary">{t("common:search.submit")}</button>
      </form>
      <p className="mt-6 text-muted-foreground" role="status">{q ? t("search.noResults", { q }) : t("search.empty")}</p>
    </section>
  );
}
